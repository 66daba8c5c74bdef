/**
 * The OpenAPI theme's global stylesheet (the try-it panel's styles) is Sass,
 * which the bundler compiled on its JavaScript thread, once for each bundle,
 * some 0.6 s at the start of bundling, where that thread is the build's
 * bottleneck. The bundling step compiles it once while it waits for its turn
 * (docusaurus.config.ts), as the theme's sass-loader rule would (the Sass that
 * sass-loader loads, compressed as in a production build), and the plugin
 * hands the bundler that CSS in its place. Where nothing compiled it (the
 * development server, a build run by hand), the theme's rule compiles it.
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import type * as Sass from 'sass';
import {generatedDir} from '../../../lib/paths';

/** The theme's client module: a release that moves it fails the build here. */
export const THEME_STYLESHEET = require.resolve('docusaurus-theme-openapi-docs/lib/theme/styles.scss');

/** Set, to the compiled file, by precompileThemeStyles: in the environment, as Docusaurus loads the configuration's modules afresh each time it reads it. */
const COMPILED_ENV = 'PORTAL_THEME_STYLES_CSS';

/** Sass as the theme's rule runs it: the implementation sass-loader loads, from the theme's sass-loader. */
function themeSass(): typeof Sass {
  const sassLoader = createRequire(require.resolve('docusaurus-theme-openapi-docs/package.json')).resolve('sass-loader');
  return createRequire(sassLoader)('sass') as typeof Sass;
}

/** Compiles the theme's stylesheet into `dir` as sass-loader would for a production build, for the plugin to hand the bundler. */
export function precompileThemeStyles(dir = path.join(generatedDir, 'theme-styles'), env: NodeJS.ProcessEnv = process.env): void {
  const {css} = themeSass().compile(THEME_STYLESHEET, {style: 'compressed'});
  const file = path.join(dir, 'openapi-docs.css');
  fs.mkdirSync(dir, {recursive: true});
  fs.writeFileSync(file, css);
  env[COMPILED_ENV] = file;
}

export default function themeStyles(): Plugin {
  return {
    name: 'theme-styles',
    configureWebpack() {
      const compiled = process.env[COMPILED_ENV];
      return compiled ? {resolve: {alias: {[`${THEME_STYLESHEET}$`]: compiled}}} : {};
    },
  };
}
