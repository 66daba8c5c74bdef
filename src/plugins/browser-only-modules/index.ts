/**
 * Modules pages load in the browser only, left out of the server bundle, which
 * otherwise compiled them and everything they import. The build fails when one is
 * compiled into the server bundle anyway, so the list cannot go stale unseen; see
 * PATCHES.md.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

interface BrowserOnlyImport {
  name: string;
  importer: RegExp;
  request: string;
  files: RegExp;
}

const BROWSER_ONLY_IMPORTS: BrowserOnlyImport[] = [
  {
    name: 'the try-it panel',
    importer: /[\\/]src[\\/]components[\\/]reference[\\/]TryIt\.tsx$/,
    request: './TryItPanel',
    files: /[\\/]src[\\/]components[\\/]reference[\\/]TryItPanel\.tsx$/,
  },
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
          // Added as a bundler plugin, not `externals`: Docusaurus merges plugins' configurations, and another plugin's `externals` object replaces a list.
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
