/** The client manifest finds a route module's chunks by the request that imports it (lib/build/client-manifest.ts). */
import {expect, it} from 'vitest';
import {withImportedRequests, type ClientManifest} from '../../lib/build/client-manifest';

const manifest: ClientManifest = {
  entrypoints: ['main'],
  origins: {main: ['main'], '871': ['871', '24014']},
  assets: {main: {js: [{file: 'assets/js/main.js'}]}, '871': {js: [{file: 'assets/js/871.js'}]}, '24014': {js: [{file: 'assets/js/24014.js'}]}},
};

it("adds each imported request to the origins with its group's chunks, keeping the origins it had", () => {
  const groups = [{requests: ['@site/docs/page.md', '@theme/DocItem'], chunkIds: ['871', '24014']}];
  expect(withImportedRequests(manifest, groups).origins).toEqual({
    main: ['main'],
    '871': ['871', '24014'],
    '@site/docs/page.md': ['871', '24014'],
    '@theme/DocItem': ['871', '24014'],
  });
});

it('fails naming the requests whose chunks have no files in the manifest', () => {
  expect(() => withImportedRequests(manifest, [{requests: ['@site/docs/gone.md'], chunkIds: ['999']}])).toThrow(
    /the chunks 999 that @site\/docs\/gone\.md import have no files/,
  );
});
