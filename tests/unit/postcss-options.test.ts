/**
 * PostCSS takes its options from Docusaurus alone (src/plugins/postcss-options):
 * stylesheets compiled by Rspack through Docusaurus's own style loaders, with
 * the plugin's options applied by Docusaurus's own function, are not changed by
 * a PostCSS configuration file planted beside them, and still get Docusaurus's
 * PostCSS plugins (vendor prefixes for the site's browsers); a PostCSS plugin
 * named by module, as Docusaurus names its own, is made once for all of them.
 * Without the plugin, the planted file is read and the named plugin made for
 * each stylesheet: the controls that the test can tell.
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {rspack} from '@docusaurus/faster';
import {createStyleLoadersFactory} from '@docusaurus/bundler';
// Docusaurus's application of each plugin's configurePostCss to the bundler's configuration.
import {applyConfigurePostCss} from '@docusaurus/core/lib/webpack/configure';
import {afterAll, describe, expect, it} from 'vitest';
import postcssOptions from '../../src/plugins/postcss-options';
import {repoRoot} from '../../lib/paths';

type Configuration = Exclude<Parameters<typeof rspack>[0], readonly unknown[]>;

// Under the repository, so that browserslist finds the site's browsers in its package.json, as for the site's stylesheets.
const cacheDir = path.join(repoRoot, 'node_modules/.cache');
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, {recursive: true, force: true})));

const STYLESHEETS = ['page.css', 'card.css', 'table.css'];

/** A PostCSS plugin that counts how often it is made. */
const COUNTED_PLUGIN = `let made = 0;
const creator = () => ((made += 1), {postcssPlugin: 'counted'});
creator.postcss = true;
creator.made = () => made;
module.exports = creator;
`;

/**
 * The CSS Rspack writes for three stylesheets beside a planted postcss.config.js, with or without the plugin's
 * options, and how often a PostCSS plugin named by module in the loader's options was made.
 */
async function compiledCss(withPlugin: boolean): Promise<{css: string; made: number}> {
  fs.mkdirSync(cacheDir, {recursive: true});
  const dir = fs.mkdtempSync(path.join(cacheDir, 'postcss-options-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'entry.js'), STYLESHEETS.map((name) => `import './${name}';\n`).join(''));
  for (const name of STYLESHEETS) fs.writeFileSync(path.join(dir, name), `.${path.basename(name, '.css')} { text-decoration: none; }\n`);
  const countedPlugin = path.join(dir, 'counted-plugin.js');
  fs.writeFileSync(countedPlugin, COUNTED_PLUGIN);
  fs.writeFileSync(
    path.join(dir, 'postcss.config.js'),
    "module.exports = {plugins: [{postcssPlugin: 'planted', Once(root, {Rule, Declaration}) { root.append(new Rule({selector: '.planted-config', nodes: [new Declaration({prop: 'color', value: 'red'})]})); }}]};\n",
  );
  const getStyleLoaders = await createStyleLoadersFactory({currentBundler: {name: 'rspack', instance: rspack as never}});
  let config: Configuration = {
    mode: 'development',
    devtool: false,
    target: 'web',
    context: dir,
    entry: './entry.js',
    output: {path: path.join(dir, 'out')},
    module: {rules: [{test: /\.css$/, use: withNamedPlugin(getStyleLoaders(false, {}), countedPlugin) as never}]},
    plugins: [new rspack.CssExtractRspackPlugin({filename: 'styles.css'})],
  };
  if (withPlugin) config = applyConfigurePostCss(postcssOptions().configurePostCss!, config as never) as Configuration;
  const stats = await new Promise<InstanceType<typeof rspack.Stats>>((resolve, reject) =>
    rspack(config).run((error: Error | null, result?: InstanceType<typeof rspack.Stats>) => (error || !result ? reject(error) : resolve(result))),
  );
  expect(stats.hasErrors(), stats.toString({all: false, errors: true})).toBe(false);
  const made = (createRequire(__filename)(countedPlugin) as {made(): number}).made();
  return {css: fs.readFileSync(path.join(dir, 'out/styles.css'), 'utf8'), made};
}

/** Docusaurus's style loaders with one more PostCSS plugin, named by module as Docusaurus names its own. */
function withNamedPlugin(loaders: unknown[], plugin: string): unknown[] {
  return loaders.map((loader) => {
    const options = (loader as {options?: {postcssOptions?: {plugins: unknown[]}}}).options;
    if (!options?.postcssOptions) return loader;
    const postcssOptions = {...options.postcssOptions, plugins: [...options.postcssOptions.plugins, [plugin, {}]]};
    return {...(loader as object), options: {...options, postcssOptions}};
  });
}

describe('PostCSS options', {timeout: 60_000}, () => {
  it("read no configuration file, keep Docusaurus's plugins, and make each plugin once", async () => {
    const {css, made} = await compiledCss(true);
    expect(css).not.toContain('.planted-config');
    for (const name of STYLESHEETS) expect(css).toContain(`.${path.basename(name, '.css')} { -webkit-text-decoration: none;`);
    expect(made).toBe(1);
  });

  it('without the plugin, a configuration file beside the stylesheets is read, and a plugin made for each (the controls)', async () => {
    const {css, made} = await compiledCss(false);
    expect(css).toContain('.planted-config');
    expect(made).toBe(STYLESHEETS.length);
  });
});
