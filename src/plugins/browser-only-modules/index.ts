/**
 * Modules the pages load in the browser only, left out of the server bundle:
 * the server renders no page with them, yet compiled them and all they
 * import (some 2,300 of its 3,600 modules, and the memory they took). In the
 * server bundle each import of them loads a stub that fails, naming the
 * plugin (./server-stub.js), should a page ever render them there. The build
 * stops when an import on the list is no longer met, so the list cannot go
 * stale unseen.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

interface BrowserOnlyImport {
  /** Names the module in the build's error when the import is no longer met. */
  name: string;
  /** The file that imports it. */
  importer: RegExp;
  /** The import's request, as that file writes it. */
  request: string;
}

export const BROWSER_ONLY_IMPORTS: BrowserOnlyImport[] = [
  // Rendered once a reader opens the panel: the theme's explorer, the code generators.
  {name: 'the try-it panel', importer: /[\\/]src[\\/]components[\\/]reference[\\/]TryIt\.tsx$/, request: './TryItPanel'},
  // Loaded when a diagram comes near the viewport (src/theme/Mermaid).
  {name: 'mermaid', importer: /[\\/]@docusaurus[\\/]theme-mermaid[\\/]lib[\\/]client[\\/]loadMermaid\.js$/, request: 'mermaid'},
];

const STUB = path.join(__dirname, 'server-stub.js');
const PLUGIN_NAME = 'browser-only-modules';

export default function browserOnlyModules(): Plugin {
  return {
    name: PLUGIN_NAME,
    configureWebpack(_config, isServer, {currentBundler}) {
      if (!isServer) return {};
      const met = new Set<BrowserOnlyImport>();
      return {
        // An external is required when the server bundle runs the import, never compiled into it.
        externals: [
          ({request, contextInfo}, callback) => {
            const browserOnly = BROWSER_ONLY_IMPORTS.find((entry) => entry.request === request && entry.importer.test(contextInfo?.issuer ?? ''));
            if (!browserOnly) return callback();
            met.add(browserOnly);
            return callback(undefined, `commonjs ${STUB}`);
          },
        ],
        plugins: [
          {
            apply(compiler) {
              compiler.hooks.thisCompilation.tap(PLUGIN_NAME, (compilation) => {
                met.clear();
                compilation.hooks.finishModules.tap(PLUGIN_NAME, () => {
                  for (const entry of BROWSER_ONLY_IMPORTS.filter((entry) => !met.has(entry))) {
                    compilation.errors.push(
                      new currentBundler.instance.WebpackError(
                        `[${PLUGIN_NAME}] ${entry.name}: no file matching ${entry.importer} imports "${entry.request}" any more. Update the list in src/plugins/${PLUGIN_NAME}/index.ts.`,
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
