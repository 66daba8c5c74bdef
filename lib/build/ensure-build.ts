/**
 * Builds the site only when its inputs changed since the last build: the
 * sources (lib/paths.ts lists them), the lockfile and the deployer's
 * environment. `npm start`, the tests and the benchmarks call it, so a fresh
 * clone builds once and later runs reuse build/.
 */
import {createHash} from 'node:crypto';
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {portalEnv} from '../../portal.config';
import {BUILD_STAMP_FILE, buildDir, buildInputs, generatedPaths, repoRoot} from '../paths';

const STAMP = path.join(buildDir, BUILD_STAMP_FILE);
/**
 * Whether a file is made by the build itself (the reference pages and the changelog page in docs/), so not an input:
 * a generated path is a folder or a single file. Counted as inputs, they changed the hash during the first build,
 * and the next run built again.
 */
export const isGenerated = (file: string): boolean =>
  generatedPaths.some((generated) => file === generated || file.startsWith(`${generated}${path.sep}`));

function listFiles(full: string): string[] {
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [full];
  return fs
    .readdirSync(full, {recursive: true, withFileTypes: true})
    .filter((dirent) => dirent.isFile())
    .map((dirent) => path.join(dirent.parentPath, dirent.name))
    .filter((file) => !isGenerated(file));
}

export function inputsHash(env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  for (const file of buildInputs.flatMap(listFiles).sort()) {
    hash.update(path.relative(repoRoot, file)).update('\0').update(fs.readFileSync(file));
  }
  for (const name of Object.values(portalEnv)) hash.update(`${name}=${env[name] ?? ''}\0`);
  return hash.digest('hex');
}

export function ensureBuild(): void {
  const wanted = inputsHash();
  if (fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === wanted) {
    console.log('build/ is up to date.');
    return;
  }
  const result = spawnSync('npm', ['run', 'build'], {cwd: repoRoot, stdio: 'inherit'});
  if (result.status !== 0) throw new Error(`npm run build failed (exit code ${result.status})`);
  fs.writeFileSync(STAMP, wanted);
}
