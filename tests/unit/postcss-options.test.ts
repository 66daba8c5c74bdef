/**
 * PostCSS takes its options from Docusaurus alone (src/plugins/postcss-options):
 * a stylesheet compiled by Rspack through Docusaurus's own style loaders, with
 * the plugin's options applied by Docusaurus's own function, is not changed by
 * a PostCSS configuration file planted beside it, and still gets Docusaurus's
 * PostCSS plugins (vendor prefixes for the site's browsers). Without the
 * plugin, the planted file is read: the control that the test can tell.
 */
import fs from 'node:fs';
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

/** The CSS Rspack writes for a stylesheet beside a planted postcss.config.js, with or without the plugin's options. */
async function compiledCss(withPlugin: boolean): Promise<string> {
  fs.mkdirSync(cacheDir, {recursive: true});
  const dir = fs.mkdtempSync(path.join(cacheDir, 'postcss-options-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'entry.js'), "import './page.css';\n");
  fs.writeFileSync(path.join(dir, 'page.css'), '.link { text-decoration: none; }\n');
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
    module: {rules: [{test: /\.css$/, use: getStyleLoaders(false, {}) as never}]},
    plugins: [new rspack.CssExtractRspackPlugin({filename: 'styles.css'})],
  };
  if (withPlugin) config = applyConfigurePostCss(postcssOptions().configurePostCss!, config as never) as Configuration;
  const stats = await new Promise<InstanceType<typeof rspack.Stats>>((resolve, reject) =>
    rspack(config).run((error, result) => (error || !result ? reject(error) : resolve(result))),
  );
  expect(stats.hasErrors(), stats.toString({all: false, errors: true})).toBe(false);
  return fs.readFileSync(path.join(dir, 'out/styles.css'), 'utf8');
}

describe('PostCSS options', {timeout: 60_000}, () => {
  it("read no configuration file, and keep Docusaurus's plugins", async () => {
    const css = await compiledCss(true);
    expect(css).not.toContain('.planted-config');
    expect(css).toContain('-webkit-text-decoration: none');
  });

  it('without the plugin, a configuration file beside the stylesheet is read (the control)', async () => {
    expect(await compiledCss(false)).toContain('.planted-config');
  });
});
