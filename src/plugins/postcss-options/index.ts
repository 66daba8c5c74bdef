/**
 * PostCSS takes its options from Docusaurus alone, and each of its plugins is
 * made once for the build.
 * - Without `config: false`, postcss-loader searches every stylesheet's folder
 *   and those above it for a PostCSS configuration file, of which the portal and
 *   its dependencies have none: some 0.7 s of the bundler's JavaScript thread,
 *   spent opening files that do not exist.
 * - Docusaurus names its plugins by module (`[name, options]`), which
 *   postcss-loader turns into the plugin's creator for each stylesheet, and
 *   PostCSS calls that creator for each: postcss-preset-env works out its
 *   features for the site's browsers anew every time, some 0.3 s of the same
 *   thread. The plugin made once is what a PostCSS configuration would hand it.
 */
import {createRequire} from 'node:module';
import type {Plugin, PostCssOptions} from '@docusaurus/types';

type PluginCreator = (options?: object) => unknown;

/** A plugin named by module, made as postcss-loader makes it (its default export, called with options when any), but once. */
function madePlugin(entry: unknown, load: (name: string) => {default?: PluginCreator} & PluginCreator): unknown {
  if (!Array.isArray(entry) || typeof entry[0] !== 'string') return entry;
  const [name, options] = entry as [string, object | undefined];
  const loaded = load(name);
  const creator = loaded.default ?? loaded;
  return options && Object.keys(options).length > 0 ? creator(options) : creator();
}

export default function postcssOptions(): Plugin {
  const load = createRequire(__filename);
  return {
    name: 'postcss-options',
    configurePostCss: (options: PostCssOptions): PostCssOptions => ({
      ...options,
      config: false,
      plugins: options.plugins.map((entry) => madePlugin(entry, load)),
    }),
  };
}
