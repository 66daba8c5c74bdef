import path from 'node:path';
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {portalConfig} from './portal.config';
import {codeTheme} from './src/prism-theme';
import announcementReset from './src/plugins/announcement-reset';
import builtSite from './src/plugins/built-site';
import chunkFilenames from './src/plugins/chunk-filenames';
import chunkRetry from './src/plugins/chunk-retry';
import compileHints from './src/plugins/compile-hints';
import deferredHydration from './src/plugins/deferred-hydration';
import docDescriptions from './src/plugins/doc-descriptions';
import idlePrefetch from './src/plugins/idle-prefetch';
import inlineScripts from './src/plugins/inline-scripts';
import pinnedDependencyFixes from './src/plugins/pinned-dependency-fixes';
import postcssOptions from './src/plugins/postcss-options';
import preactDom from './src/plugins/preact-dom';
import prismBundle from './src/plugins/prism-bundle';
import referenceBundle from './src/plugins/reference-bundle';
import {pageRemarkPlugins} from './lib/remark/page-plugins';
import robotsTxt from './src/plugins/robots-txt';
import searchKeysBeforeHydration from './src/plugins/search-keys-before-hydration';
import {ssrTemplate} from './lib/ssr-template';
import {generatedStaticDir, repoRoot} from './lib/paths';
import {sampleLanguages} from './lib/reference/request-samples';

const {productName, productUrl, helpUrl, siteUrl, baseUrl, sandboxUrl, tokenCookie, announcement, search} = portalConfig;

/** The site's configuration; the search benchmark's anchor site starts from it (bench/search/anchor.config.ts). */
export const siteConfig: Config = {
  title: `${productName} Developer Documentation`,
  tagline: `Scan web applications and APIs for vulnerabilities with the ${productName} API and command-line client.`,
  favicon: 'img/favicon.svg',
  // The files the build generates (lib/paths.ts) are served beside the committed ones.
  staticDirectories: ['static', path.relative(repoRoot, generatedStaticDir)],
  url: siteUrl,
  baseUrl,
  trailingSlash: false,
  // Its inline script would need a CSP hash; Docusaurus advises turning it off under a strict CSP.
  baseUrlIssueBanner: false,
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  i18n: {defaultLocale: 'en', locales: ['en']},
  future: {
    v4: {removeLegacyPostBuildHeadAttribute: true},
    faster: {
      swcJsLoader: true,
      swcJsMinimizer: true,
      swcHtmlMinimizer: true,
      lightningCssMinimizer: true,
      mdxCrossCompilerCache: true,
      rspackBundler: true,
      // Builds run cold (CI, deployments), where a cache would be written and never read.
      rspackPersistentCache: false,
      // Pages render in the thread that bundled them (lib/build/build.ts): worker threads would each load the server bundle on top of it.
      ssgWorkerThreads: false,
      gitEagerVcs: true,
    },
  },
  markdown: {
    mermaid: true,
    // .md files are CommonMark, so {{tokens}} in their prose are not read as JSX.
    format: 'detect',
    hooks: {onBrokenMarkdownLinks: 'warn'},
  },
  // Pages paint before their scripts run (lib/ssr-template.ts).
  ssrTemplate,
  // The product's hand-over of a signed-in reader's token to the try-it panel (lib/contract/jwt-token-script.ts).
  headTags: [{tagName: 'script', attributes: {src: `${baseUrl}js/setJWTTokenValue.js`, async: 'async'}}],
  customFields: {
    helpUrl,
    productUrl,
    // The hosted search index, when configured (src/search/search-client.ts); else the local one.
    ...(search ? {search} : {}),
    // The try-it panel (src/components/reference/try-it-settings.ts): the server it opens on, and the product's token cookie.
    tryIt: {sandboxUrl: sandboxUrl ?? null, tokenCookie},
  },
  themes: ['@docusaurus/theme-mermaid', 'docusaurus-theme-openapi-docs'],
  plugins: [
    announcementReset,
    chunkFilenames,
    chunkRetry,
    compileHints,
    builtSite,
    deferredHydration,
    docDescriptions,
    idlePrefetch,
    inlineScripts,
    pinnedDependencyFixes,
    postcssOptions,
    preactDom,
    prismBundle,
    referenceBundle,
    robotsTxt,
    searchKeysBeforeHydration,
  ],
  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          beforeDefaultRemarkPlugins: pageRemarkPlugins(portalConfig),
          lastVersion: 'current',
          versions: {current: {label: 'Next'}},
        },
        blog: false,
        // Only the search page (src/pages/search.tsx).
        pages: {},
        theme: {customCss: './src/css/custom.css'},
        sitemap: {lastmod: null, changefreq: null, priority: null},
      } satisfies Preset.Options,
    ],
  ],
  themeConfig: {
    // The card link previews show (Open Graph and Twitter); a deployer may replace the file.
    image: 'img/social-card.png',
    colorMode: {defaultMode: 'light', disableSwitch: true, respectPrefersColorScheme: false},
    announcementBar: announcement.text
      ? {id: announcement.id, content: announcement.text, isCloseable: true, backgroundColor: '#eef0fb', textColor: '#1e1b4b'}
      : undefined,
    docs: {sidebar: {hideable: true, autoCollapseCategories: false}},
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    navbar: {
      title: `${productName} Docs`,
      hideOnScroll: true,
      logo: {alt: `${productName} logo`, src: 'img/logo.svg', href: '/'},
      items: [
        {to: '/api/overview-api-documentation', label: 'API', position: 'left', activeBaseRegex: '^/api/(?!reference)'},
        {to: '/api/reference', label: 'API reference', position: 'left', activeBasePath: '/api/reference'},
        {to: '/cli/overview-cli-documentation', label: 'CLI', position: 'left', activeBasePath: '/cli'},
        {to: '/concepts/core-concepts-overview', label: 'Concepts', position: 'left', activeBasePath: '/concepts'},
        {href: productUrl, label: productName, position: 'right'},
        {href: helpUrl, label: 'Help centre', position: 'right'},
      ],
    },
    footer: {
      style: 'light',
      links: [
        {
          title: 'API',
          items: [
            {label: 'Overview', to: '/api/overview-api-documentation'},
            {label: 'Quick start', to: '/api/quick-start'},
            {label: 'Tutorials', to: '/api/tutorials'},
            {label: 'Reference', to: '/api/reference'},
            {label: 'Changelog', to: '/api/changelog'},
          ],
        },
        {
          title: 'Command line',
          items: [
            {label: 'Overview', to: '/cli/overview-cli-documentation'},
            {label: 'Quick start', to: '/cli/quick-start'},
            {label: 'Reference', to: '/cli/reference'},
          ],
        },
        {title: 'Concepts', items: [{label: 'Core concepts', to: '/concepts/core-concepts-overview'}]},
        {
          title: productName,
          items: [
            {label: 'Search the docs', to: '/search'},
            {label: 'Product site', href: productUrl},
            {label: 'Help centre', href: helpUrl},
          ],
        },
      ],
      copyright: `© ${new Date().getFullYear()} ${productName}`,
    },
    // Try-it requests go straight to the chosen server, without the browser's cookies; keys live in session storage.
    api: {authPersistence: 'sessionStorage', requestCredentials: 'omit'},
    languageTabs: sampleLanguages.map(({highlight, language, variant}) => ({highlight, language, logoClass: language, variant})),
    prism: {
      theme: codeTheme,
      // The languages the pages' code blocks and request samples use, on Prism's bare core (src/plugins/prism-bundle):
      // every one here runs on every page load. markup is xml; js-extras completes javascript as the theme had it.
      additionalLanguages: ['markup', 'clike', 'javascript', 'js-extras', 'json', 'yaml', 'python', 'go', 'bash'],
    },
  } satisfies Preset.ThemeConfig,
};

/**
 * A function rather than the object itself: Docusaurus's module loader merges the module's named exports into an object
 * it exports by default, and siteConfig is not a field of the configuration.
 */
export default function createConfig(): Config {
  return siteConfig;
}
