/**
 * The portal's site with `@easyops-cn/docusaurus-search-local` in place of its
 * search, configured as a typical docs site would, not for the benchmark's
 * queries. Built by bench/search/anchor.ts only.
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
  // Without the built-site record, which is the production build's. With react-dom
  // rather than Preact: the anchor's search bar calls React's synthetic event
  // methods, which Preact lacks. Deferred hydration then makes React re-render once,
  // a recoverable console error the benchmark does not count.
  plugins: [...(portal.plugins ?? []).filter((plugin) => plugin !== builtSite && plugin !== preactDom), anchorSearchBar],
};

export default config;
