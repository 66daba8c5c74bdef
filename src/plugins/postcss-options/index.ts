/**
 * PostCSS options from Docusaurus alone (`config: false` stops postcss-loader
 * searching every folder for a configuration file none has), and each plugin made
 * once rather than per stylesheet, as a configuration file would hand it.
 */
import {createRequire} from 'node:module';
import type {Plugin, PostCssOptions} from '@docusaurus/types';

type PluginCreator = (options?: object) => unknown;

/** Made as postcss-loader makes it (its default export, called with options when any), but once. */
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
