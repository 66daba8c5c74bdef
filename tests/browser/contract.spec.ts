import {parse} from 'yaml';
import {portalConfig} from '../../portal.config';
import {expect, test} from './fixtures';

test('the contract is downloadable at /openapi.yaml and /openapi.json', async ({request}) => {
  const yaml = await request.get('/openapi.yaml');
  expect(yaml.status()).toBe(200);
  const document = parse(await yaml.text());
  expect(document.openapi).toMatch(/^3\./);
  expect(document.info.title).toBe(`${portalConfig.productName} API`);
  expect(document.servers.map((server: {url: string}) => server.url)).toEqual([portalConfig.apiUrl, portalConfig.sandboxUrl]);
  const json = await request.get('/openapi.json');
  expect(await json.json()).toEqual(document);
});
