/**
 * A fix to @docusaurus/core 3.10.2's client entry. As `main.js` is evaluated,
 * the entry preloads the page's routes: it matches the route table, builds the
 * routes' components and adds a script element for each of their chunks, some
 * 10–14 ms on the test machine inside `main.js`'s task, already the page's
 * longest. The preload starts in a task of its own instead; the chunks were
 * fetched beside `main.js` (src/plugins/route-chunk-preloads), so nothing
 * waits longer on the network.
 */
import type {PinnedFix} from './pinned-fix';

export const preloadInOwnTaskFix: PinnedFix = {
  target: {packageName: '@docusaurus/core', version: '3.10.2', file: 'lib/client/clientEntry.js'},
  search: '    preload(window.location.pathname).then(() => {\n',
  replace: '    new Promise((resolve) => setTimeout(resolve)).then(() => preload(window.location.pathname)).then(() => {\n',
  inBuild: /new Promise\((\w+)=>setTimeout\(\1\)\)\.then\(\(\)=>[^)]*\(window\.location\.pathname\)\)/,
};
