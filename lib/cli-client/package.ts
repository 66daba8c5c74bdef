/**
 * The client as an npm package: scripts/vigil.ts bundled by esbuild into
 * one executable file named after the client, beside its data (the
 * description and the contract's operations, ./build-data.ts) and a
 * package.json whose `bin` names it. The reference step packs it into
 * generated/static/cli/, so every build serves it for `npm install --global`.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {buildSync} from 'esbuild';
import {cliPackageSitePath} from '../../portal.config';
import {cliPackageStageDir, generatedStaticDir, repoRoot} from '../paths';
import {clientData} from './build-data';
import {CLIENT_DATA_FILE} from './client-data';

const ENTRY = path.join(repoRoot, 'scripts/vigil.ts');
/** The oldest Node the install note of cli/cli.yaml promises. */
const NODE_TARGET = 'node20';

/** Writes the package's files into `dir` (emptied first): the executable, its data, package.json. Returns the executable's path. */
export function writeClientPackage(dir: string): string {
  const data = clientData();
  fs.rmSync(dir, {recursive: true, force: true});
  fs.mkdirSync(dir, {recursive: true});
  const executable = path.join(dir, data.name);
  buildSync({
    entryPoints: [ENTRY],
    outfile: executable,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: NODE_TARGET,
    banner: {js: '#!/usr/bin/env node'},
    legalComments: 'none',
    logLevel: 'error',
  });
  fs.chmodSync(executable, 0o755);
  fs.writeFileSync(path.join(dir, CLIENT_DATA_FILE), JSON.stringify(data));
  const manifest = {
    name: `@${data.name}/cli`,
    version: data.description.version,
    description: `The ${data.productName} command-line client.`,
    homepage: data.productUrl,
    bin: {[data.name]: data.name},
    files: [data.name, CLIENT_DATA_FILE],
    engines: {node: '>=20'},
  };
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return executable;
}

/** Builds the package and packs it with npm where the portal serves it (generated/static/cli/, or under `staticDir`); returns the tarball's path. */
export function buildCliPackage(staticDir = generatedStaticDir, stageDir = cliPackageStageDir): string {
  const executable = writeClientPackage(stageDir);
  const tarball = path.join(staticDir, cliPackageSitePath(path.basename(executable)));
  fs.rmSync(path.dirname(tarball), {recursive: true, force: true});
  fs.mkdirSync(path.dirname(tarball), {recursive: true});
  const [{filename}] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', path.dirname(tarball)], {
      cwd: stageDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  ) as {filename: string}[];
  // npm names the file after the package's version; the portal serves it under one stable name.
  fs.renameSync(path.join(path.dirname(tarball), path.basename(filename)), tarball);
  console.log(`CLI package: ${path.relative(repoRoot, tarball)}`);
  return tarball;
}
