/**
 * Builds only when the inputs (lib/paths.ts), the lockfile or the deployer's
 * environment changed, so `npm start`, the tests and the benchmarks reuse build/.
 */
import {createHash} from 'node:crypto';
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {portalEnv} from '../../portal.config';
import {BUILD_STAMP_FILE, buildDir, buildInputs, generatedPaths, repoRoot} from '../paths';

const STAMP = path.join(buildDir, BUILD_STAMP_FILE);
/** Counted as inputs, files the build writes into docs/ changed the hash during the first build, and the next run built again. */
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
