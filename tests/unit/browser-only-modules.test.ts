/**
 * The server bundle leaves out the modules pages load in the browser only
 * (src/plugins/browser-only-modules): compiled by Rspack for Node with the
 * plugin's configuration, the imports of the try-it panel (from a file where
 * TryIt.tsx stands, without the panel beside it) and of mermaid (from the
 * theme's own loadMermaid) load a stub that fails when run; a module on the
 * list compiled all the same (imported another way) stops the build.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {rspack} from '@docusaurus/faster';
import type {ConfigureWebpackUtils, LoadContext} from '@docusaurus/types';
// Docusaurus's merge of each plugin's configureWebpack into the bundler's configuration.
import {applyConfigureWebpack} from '@docusaurus/core/lib/webpack/configure';
import {afterAll, describe, expect, it} from 'vitest';

/** One compiler's options (rspack also takes a list of them). */
type Configuration = Exclude<Parameters<typeof rspack>[0], readonly unknown[]>;
type Stats = InstanceType<typeof rspack.Stats>;
import browserOnlyModules from '../../src/plugins/browser-only-modules';
import {repoRoot} from '../../lib/paths';

const TRY_IT = 'src/components/reference/TryIt.tsx';
const LOAD_MERMAID = path.join(repoRoot, 'node_modules/@docusaurus/theme-mermaid/lib/client/loadMermaid.js');
const outDirs: string[] = [];

/** Another plugin's server configuration with `externals` of its own, as @easyops-cn/docusaurus-search-local's (a theme the search benchmark's site adds). */
const otherPluginsExternals = () => ({externals: {'open-ask-ai': 'open-ask-ai'}});

/**
 * Compiles `entrySource` for Node, as the server bundle is, with the plugin's server configuration merged by
 * Docusaurus's own function, after or before another plugin's with externals of its own (by the Rspack Docusaurus
 * uses); the stats and the bundle's file.
 */
async function compile(entrySource: string, {otherPlugin}: {otherPlugin?: 'before' | 'after'} = {}): Promise<{stats: Stats; bundle: string}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'browser-only-'));
  outDirs.push(dir);
  const entry = path.join(dir, 'entry.mjs');
  fs.writeFileSync(entry, entrySource);
  // What TryIt.tsx does, in plain JavaScript; the panel itself is not there, so compiling the import would fail.
  fs.mkdirSync(path.join(dir, 'src/components/reference'), {recursive: true});
  fs.writeFileSync(path.join(dir, TRY_IT), "export const loadPanel = () => import('./TryItPanel');\n");
  const utils = {currentBundler: {name: 'rspack', instance: rspack}} as unknown as ConfigureWebpackUtils;
  const base: Configuration = {
    mode: 'production',
    target: 'node',
    context: repoRoot,
    entry,
    output: {path: dir, filename: 'bundle.js', library: {type: 'commonjs2'}, chunkFormat: 'commonjs'},
    optimization: {minimize: false, splitChunks: false},
    plugins: [new rspack.DefinePlugin({__DOCUSAURUS_MERMAID_LAYOUT_ELK_ENABLED__: 'false'})],
    resolve: {extensions: ['.mjs', '.js', '.tsx', '.ts'], modules: [path.join(repoRoot, 'node_modules')]},
  };
  const configures = [browserOnlyModules().configureWebpack!];
  if (otherPlugin === 'before') configures.unshift(otherPluginsExternals);
  if (otherPlugin === 'after') configures.push(otherPluginsExternals);
  const config = configures.reduce<Configuration>(
    (merged, configureWebpack) =>
      applyConfigureWebpack({configureWebpack, config: merged as never, isServer: true, configureWebpackUtils: utils, content: undefined}) as Configuration,
    base,
  );
  const stats = await new Promise<Stats>((resolve, reject) => {
    const compiler = rspack(config);
    compiler.run((error, result) => compiler.close(() => (error ? reject(error) : resolve(result!))));
  });
  return {stats, bundle: path.join(dir, 'bundle.js')};
}

const modulesOf = (stats: Stats) => stats.toJson({all: false, modules: true}).modules!.map((module) => String(module.identifier));

afterAll(() => outDirs.forEach((dir) => fs.rmSync(dir, {recursive: true, force: true})));

describe('the server bundle', () => {
  it('compiles a stub for the try-it panel and mermaid, which fails when run', async () => {
    const {stats, bundle} = await compile(`export {loadMermaid} from ${JSON.stringify(LOAD_MERMAID)};\nexport {loadPanel} from './${TRY_IT}';\n`);
    expect(stats.hasErrors(), stats.toString('errors-only')).toBe(false);
    const modules = modulesOf(stats);
    expect(modules.filter((id) => id.includes('browser-only-modules/server-stub.js'))).toHaveLength(1);
    // Neither module, nor anything it imports, is compiled.
    expect(modules.filter((id) => /TryItPanel|[\\/]node_modules[\\/](mermaid|postman-code-generators|docusaurus-theme-openapi-docs)[\\/]/.test(id))).toEqual(
      [],
    );
    // Run in Node as the server runs its bundle: each import rejects with the stub's error.
    const outcome = (name: string) =>
      execFileSync(
        process.execPath,
        ['-e', `require(${JSON.stringify(bundle)}).${name}().then(() => console.log('loaded'), (error) => console.log(error.message))`],
        {encoding: 'utf8'},
      ).trim();
    expect(outcome('loadPanel')).toMatch(/browser only.*src\/plugins\/browser-only-modules/);
    expect(outcome('loadMermaid')).toMatch(/browser only/);
  });

  it.each(['before', 'after'] as const)('leaves both out when another plugin, merged %s it, configures externals of its own', async (otherPlugin) => {
    const {stats} = await compile(`export {loadMermaid} from ${JSON.stringify(LOAD_MERMAID)};\nexport {loadPanel} from './${TRY_IT}';\n`, {otherPlugin});
    expect(stats.hasErrors(), stats.toString('errors-only')).toBe(false);
    expect(modulesOf(stats).filter((id) => id.includes('browser-only-modules/server-stub.js'))).toHaveLength(1);
  });

  it('stops the build, naming the module, when one on the list is compiled all the same', async () => {
    // mermaid imported as loadMermaid does, but from another file.
    const {stats} = await compile(`export const loadMermaid = () => import('mermaid');\n`);
    const errors = stats.toString('errors-only');
    expect(errors).toMatch(
      /mermaid is compiled into the server bundle \(\/[^|!)]*node_modules\/mermaid\/[^)]*\): no file matching .*loadMermaid.* imports it as "mermaid" any more, or another file imports it/,
    );
    expect(errors).not.toMatch(/try-it panel/);
  });

  it('leaves the browser bundle as it is', async () => {
    expect(browserOnlyModules().configureWebpack!({}, false, {} as ConfigureWebpackUtils, undefined as unknown as LoadContext)).toEqual({});
  });
});
