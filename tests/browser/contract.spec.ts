import {parse} from 'yaml';
import {portalConfig} from '../../portal.config';
import {ANY_WIDTH_TAG, expect, test} from './fixtures';

test('the contract is downloadable at /openapi.yaml and /openapi.json', {tag: ANY_WIDTH_TAG}, async ({request}) => {
  const yaml = await request.get('/openapi.yaml');
  expect(yaml.status()).toBe(200);
  const document = parse(await yaml.text());
  expect(document.openapi).toMatch(/^3\./);
  expect(document.info.title).toBe(`${portalConfig.productName} API`);
  const json = await request.get('/openapi.json');
  expect(await json.json()).toEqual(document);
});
