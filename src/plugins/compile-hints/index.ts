/**
 * The entry's scripts (the webpack runtime and main.js, those the page runs
 * after its first paint: lib/ssr-template.ts) carry V8's hint for a file whose
 * functions all run as the page loads (`//# allFunctionsCalledOnLoad`,
 * https://v8.dev/blog/explicit-compile-hints): Chrome then compiles them as
 * the file streams in, off the main thread, instead of each module's function
 * on its first call, inside main.js's task, one of a page's longest (its
 * script's run fell from some 17-24 ms to 7-11 ms in Lighthouse's traces).
 * Other browsers read a comment. The lazy chunks carry none: much of their
 * code runs later or never on a given page, and a small file is compiled on
 * the main thread, where compiling all of it costs.
 */
import type {Plugin} from '@docusaurus/types';

/** The hint, as the first line of each of the entry's scripts. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export default function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer || process.env.NODE_ENV !== 'production') return {};
      const {BannerPlugin, Compilation} = currentBundler.instance;
      return {
        plugins: [
          new BannerPlugin({
            banner: COMPILE_HINT,
            raw: true,
            entryOnly: true,
            // Scripts only: the entry's stylesheet is one of its files too.
            test: /\.js$/,
            // After the minifier, which drops comments; before the content hashes, which then count the hint.
            stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
          }),
        ],
      };
    },
  };
}
