/**
 * The scripts a page runs as it loads carry V8's hint for a file whose
 * functions all run then (`//# allFunctionsCalledOnLoad`,
 * https://v8.dev/blog/explicit-compile-hints): Chrome compiles them as the
 * file streams in, off the main thread, instead of each function on its first
 * call, inside the task that runs the file. Those scripts are the entry's (the
 * webpack runtime and main.js: lib/ssr-template.ts) and each route's chunks,
 * which a page preloads (src/plugins/route-chunk-preloads) and runs to hydrate.
 * In Lighthouse's traces, main.js's script run fell from some 17-24 ms to
 * 7-11 ms. Chunks other code imports when it needs them (Mermaid, the try-it
 * panel, the search modal) carry none: much of what they hold runs later or
 * never. Other browsers read a comment.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** The hint, as the first line of each script a page runs as it loads. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

const NAME = 'compile-hints';

export default function compileHints(context: LoadContext): Plugin {
  // The module that imports each route's chunks: Docusaurus's generated route registry.
  const registry = path.join(context.generatedFilesDir, 'registry.js');
  return {
    name: NAME,
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer || process.env.NODE_ENV !== 'production') return {};
      const {Compilation, sources} = currentBundler.instance;
      return {
        plugins: [
          {
            apply(compiler) {
              compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
                // After the minifier, which drops comments; before the content hashes, which then count the hint.
                compilation.hooks.processAssets.tap({name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1}, () => {
                  const groups = [
                    ...compilation.entrypoints.values(),
                    ...compilation.chunkGroups.filter((group) => group.origins.some((origin) => origin.module?.nameForCondition() === registry)),
                  ];
                  const files = new Set(groups.flatMap((group) => group.chunks.flatMap((chunk) => [...chunk.files])));
                  // Scripts only: the entry's stylesheet is one of its files too.
                  for (const file of [...files].filter((name) => name.endsWith('.js'))) {
                    compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, '\n', source));
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
