/**
 * Scripts a page runs as it loads carry V8's `//# allFunctionsCalledOnLoad` hint
 * (https://v8.dev/blog/explicit-compile-hints), so Chrome compiles them off the
 * main thread as they stream in. Lazily imported chunks carry none: much of what
 * they hold runs later or never.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** The hint, as the first line of each script a page runs as it loads. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

const NAME = 'compile-hints';

export default function compileHints(context: LoadContext): Plugin {
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
                  // The entry's stylesheet is one of its files too.
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
