/**
 * The OpenAPI theme's stylesheet compiled ahead (src/plugins/theme-styles):
 * Rspack, through Docusaurus's own style loaders in a production build, writes
 * the same CSS from the precompiled file, handed over by the plugin, as from
 * the theme's Sass through the theme's own sass-loader rule.
 */
import fs from 'node:fs';
import path from 'node:path';
import {rspack} from '@docusaurus/faster';
import {createStyleLoadersFactory} from '@docusaurus/bundler';
// The theme's plugin, whose rule compiles its Sass (the package's `types` describe its theme components instead).
import themeOpenApi from 'docusaurus-theme-openapi-docs/lib/index';
import {afterAll, describe, expect, it, vi} from 'vitest';
import themeStyles, {precompileThemeStyles, THEME_STYLESHEET} from '../../src/plugins/theme-styles';
import {repoRoot} from '../../lib/paths';

type Configuration = Exclude<Parameters<typeof rspack>[0], readonly unknown[]>;

// Under the repository, so that browserslist finds the site's browsers in its package.json, as for the site's stylesheets.
const cacheDir = path.join(repoRoot, 'node_modules/.cache');
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, {recursive: true, force: true})));

/**
 * The CSS Rspack writes for an entry importing the theme's stylesheet, with the theme's rule and the plugin's
 * configuration, if any, and the files of the modules it bundled.
 */
async function compiledCss(plugin: object): Promise<{css: string; files: string[]}> {
  fs.mkdirSync(cacheDir, {recursive: true});
  const dir = fs.mkdtempSync(path.join(cacheDir, 'theme-styles-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'entry.js'), `import ${JSON.stringify(THEME_STYLESHEET)};\n`);
  const getStyleLoaders = await createStyleLoadersFactory({currentBundler: {name: 'rspack', instance: rspack as never}});
  const utils = {getStyleLoaders, currentBundler: {name: 'rspack', instance: rspack}};
  const theme = themeOpenApi().configureWebpack!({module: {rules: []}} as never, false, utils as never, undefined as never) as Configuration;
  const config: Configuration = {
    mode: 'production',
    devtool: false,
    target: 'web',
    context: dir,
    entry: './entry.js',
    output: {path: path.join(dir, 'out')},
    optimization: {minimize: false},
    module: {rules: [{test: /\.css$/, use: getStyleLoaders(false, {}) as never}, ...(theme.module?.rules ?? [])]},
    plugins: [new rspack.CssExtractRspackPlugin({filename: 'styles.css'})],
    ...plugin,
  };
  const stats = await new Promise<InstanceType<typeof rspack.Stats>>((resolve, reject) =>
    rspack(config).run((error, result) => (error || !result ? reject(error) : resolve(result))),
  );
  expect(stats.hasErrors(), stats.toString({all: false, errors: true})).toBe(false);
  const files = (stats.toJson({modules: true}).modules ?? []).flatMap((module) => (module.nameForCondition ? [module.nameForCondition] : []));
  return {css: fs.readFileSync(path.join(dir, 'out/styles.css'), 'utf8'), files};
}

describe("the OpenAPI theme's stylesheet, compiled ahead", {timeout: 60_000}, () => {
  it('bundles to the same CSS as the theme compiles from its Sass', async () => {
    const fromSass = await compiledCss({});
    const env: NodeJS.ProcessEnv = {};
    const dir = fs.mkdtempSync(path.join(cacheDir, 'theme-styles-compiled-'));
    dirs.push(dir);
    precompileThemeStyles(dir, env);
    vi.stubEnv('PORTAL_THEME_STYLES_CSS', env.PORTAL_THEME_STYLES_CSS);
    const pluginConfig = themeStyles().configureWebpack!({} as never, false, {} as never, undefined as never) as Configuration;
    vi.unstubAllEnvs();
    const fromCompiled = await compiledCss(pluginConfig);
    expect(fromSass.files).toContain(THEME_STYLESHEET);
    expect(fromCompiled.files, 'the bundler took the compiled file, not the Sass').toContain(env.PORTAL_THEME_STYLES_CSS);
    expect(fromCompiled.files).not.toContain(THEME_STYLESHEET);
    expect(fromSass.css).toContain('--openapi-required');
    expect(fromCompiled.css).toBe(fromSass.css);
  });

  it('leaves the theme to compile its Sass where nothing compiled it ahead', () => {
    expect(process.env.PORTAL_THEME_STYLES_CSS).toBeUndefined();
    expect(themeStyles().configureWebpack!({} as never, false, {} as never, undefined as never)).toEqual({});
  });
});
