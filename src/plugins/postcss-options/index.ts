/**
 * PostCSS takes its options from Docusaurus alone. Without `config: false`,
 * postcss-loader searches every stylesheet's folder and those above it for a
 * PostCSS configuration file, of which the portal and its dependencies have
 * none: some 0.7 s of the bundler's JavaScript thread, spent opening files
 * that do not exist.
 */
import type {Plugin, PostCssOptions} from '@docusaurus/types';

export default function postcssOptions(): Plugin {
  return {
    name: 'postcss-options',
    configurePostCss: (options: PostCssOptions): PostCssOptions => ({...options, config: false}),
  };
}
