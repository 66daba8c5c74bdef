/**
 * A full Docusaurus build into .cache/search-anchor/build, precompressed as
 * production is, and rebuilt only when the site's inputs
 * (lib/build/ensure-build.ts) or the anchor's configuration change.
 */
import {createHash} from 'node:crypto';
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {inputsHash} from '../../lib/build/ensure-build';
import {repoRoot} from '../../lib/paths';
import {precompress} from '../../lib/build/precompress';

export const ANCHOR_PACKAGE = '@easyops-cn/docusaurus-search-local';
const configFile = path.join(__dirname, 'anchor.config.ts');
export const anchorBuildDir = path.join(repoRoot, '.cache/search-anchor/build');
const STAMP = path.join(anchorBuildDir, '.inputs-hash');

/** The anchor's version as installed, for the tables. */
export const anchorVersion = (): string => JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules', ANCHOR_PACKAGE, 'package.json'), 'utf8')).version;

/** Builds the anchor's site unless the kept one was built from the same inputs; needs the production build's generated pages. */
export async function ensureAnchorBuild(): Promise<void> {
  const wanted = createHash('sha256').update(inputsHash()).update(fs.readFileSync(configFile)).digest('hex');
  if (fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === wanted) {
    console.log(`${path.relative(repoRoot, anchorBuildDir)}/ (the anchor) is up to date.`);
    return;
  }
  console.log(`Building the site with ${ANCHOR_PACKAGE} into ${path.relative(repoRoot, anchorBuildDir)}/ …`);
  const result = spawnSync('npx', ['docusaurus', 'build', '--config', configFile, '--out-dir', anchorBuildDir], {cwd: repoRoot, stdio: 'inherit'});
  if (result.status !== 0) throw new Error(`The anchor's build failed (exit ${result.status}).`);
  await precompress(anchorBuildDir);
  fs.writeFileSync(STAMP, wanted);
}
