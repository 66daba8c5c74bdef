/**
 * The portal's site with `@easyops-cn/docusaurus-search-local` in place of
 * the portal's search, for `npm run bench:search` to measure the anchor on
 * the same pages. Configured as a typical docs site configures it (hashed
 * index, docs at the root, no blog, English, terms highlighted on the target
 * page), not for the benchmark's queries. Built by bench/search/anchor.ts,
 * never by the production build.
 */
import type {Config, Plugin} from '@docusaurus/types';
import {siteConfig as portal} from '../../docusaurus.config';
import builtSite from '../../src/plugins/built-site';
import preactDom from '../../src/plugins/preact-dom';

/**
 * The site's own search bar (src/theme/SearchBar) overrides every theme's; the
 * anchor's is the one it shadows, `@theme-original/SearchBar`.
 */
function anchorSearchBar(): Plugin {
  return {
    name: 'anchor-search-bar',
    configureWebpack: () => ({resolve: {alias: {'@theme/SearchBar': '@theme-original/SearchBar'}}}),
  };
}

/** The classic preset without the pages plugin: its only page is the portal's /search, where the anchor has its own. */
const presets = portal.presets?.map((preset) =>
  Array.isArray(preset) && preset[0] === 'classic' ? ['classic', {...(preset[1] as object), pages: false}] : preset,
) as Config['presets'];

const config: Config = {
  ...portal,
  presets,
  themes: [
    ...(portal.themes ?? []),
    ['@easyops-cn/docusaurus-search-local', {hashed: true, docsRouteBasePath: '/', indexBlog: false, language: ['en'], highlightSearchTermsOnTargetPage: true}],
  ],
  // Without the record of the built site: it is the production build's, which the step after it reads (lib/build/built-site.ts).
  // With react-dom, as a typical site renders, not Preact's layer: the anchor's search bar calls React's synthetic event
  // methods (isImmediatePropagationStopped), which Preact's events lack, and throws on every key. Where the portal's parts
  // wait to hydrate (src/plugins/deferred-hydration), React finds the server's markup unlike its first render and renders
  // the page again in the browser: one recoverable error in the console, which the benchmark does not count.
  plugins: [...(portal.plugins ?? []).filter((plugin) => plugin !== builtSite && plugin !== preactDom), anchorSearchBar],
};

export default config;
