/**
 * Modules the pages load in the browser only, left out of the server bundle:
 * the server renders no page with them, yet compiled them and all they
 * import (some 2,300 of its 3,600 modules, and the memory they took). In the
 * server bundle each import of them loads a stub that fails, naming the
 * plugin (./server-stub.js), should a page ever render them there. The build
 * stops when one is compiled into the server bundle all the same (its import
 * moved, or another file imports it), so the list cannot go stale unseen.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

interface BrowserOnlyImport {
  /** Names the module in the build's error. */
  name: string;
  /** The file that imports it. */
  importer: RegExp;
  /** The import's request, as that file writes it. */
  request: string;
  /** The files of the module, which the server bundle must not compile. */
  files: RegExp;
}

const BROWSER_ONLY_IMPORTS: BrowserOnlyImport[] = [
  // Rendered once a reader opens the panel: the theme's explorer, the code generators.
  {
    name: 'the try-it panel',
    importer: /[\\/]src[\\/]components[\\/]reference[\\/]TryIt\.tsx$/,
    request: './TryItPanel',
    files: /[\\/]src[\\/]components[\\/]reference[\\/]TryItPanel\.tsx$/,
  },
  // Loaded when a diagram comes near the viewport (src/theme/Mermaid).
  {
    name: 'mermaid',
    importer: /[\\/]@docusaurus[\\/]theme-mermaid[\\/]lib[\\/]client[\\/]loadMermaid\.js$/,
    request: 'mermaid',
    files: /[\\/]node_modules[\\/]mermaid[\\/]/,
  },
];

const STUB = path.join(__dirname, 'server-stub.js');
const PLUGIN_NAME = 'browser-only-modules';

export default function browserOnlyModules(): Plugin {
  return {
    name: PLUGIN_NAME,
    configureWebpack(_config, isServer, {currentBundler}) {
      if (!isServer) return {};
      return {
        plugins: [
          // An external is required when the server bundle runs the import, never compiled into it. Added by the
          // bundler's plugin, not as `externals`: Docusaurus merges each plugin's configuration, and another plugin's
          // `externals` object replaces a list (@easyops-cn/docusaurus-search-local's did, in the search benchmark's site).
          new currentBundler.instance.ExternalsPlugin('commonjs', [
            ({request, contextInfo}, callback) => {
              const browserOnly = BROWSER_ONLY_IMPORTS.some((entry) => entry.request === request && entry.importer.test(contextInfo?.issuer ?? ''));
              return browserOnly ? callback(undefined, `commonjs ${STUB}`) : callback();
            },
          ]),
          {
            apply(compiler) {
              compiler.hooks.thisCompilation.tap(PLUGIN_NAME, (compilation) => {
                compilation.hooks.finishModules.tap(PLUGIN_NAME, (modules) => {
                  const compiled = [...modules].map((module) => module.identifier());
                  for (const entry of BROWSER_ONLY_IMPORTS) {
                    const file = compiled.find((identifier) => entry.files.test(identifier));
                    if (!file) continue;
                    compilation.errors.push(
                      new currentBundler.instance.WebpackError(
                        `[${PLUGIN_NAME}] ${entry.name} is compiled into the server bundle (${file.replace(/^.*[!|]/, '')}): no file matching ${entry.importer} imports it as "${entry.request}" any more, or another file imports it. Update the list in src/plugins/${PLUGIN_NAME}/index.ts.`,
                      ),
                    );
                  }
                });
              });
            },
          },
        ],
      };
    },
  };
}
