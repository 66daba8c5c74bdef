/**
 * The client's npm package, as the build serves it at /cli/: installed with
 * `npm install --global` from the tarball into a prefix of its own, its
 * `vigil` runs.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it, onTestFinished} from 'vitest';
import {buildCliPackage} from '../../lib/cli-client/package';
import {cliPackageSitePath, portalConfig} from '../../portal.config';

describe('the CLI package', () => {
  it('installs globally from its tarball, and its executable prints the version', () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-package-'));
    onTestFinished(() => fs.rmSync(work, {recursive: true, force: true}));
    const tarball = buildCliPackage(path.join(work, 'static'), path.join(work, 'stage'));
    expect(tarball).toBe(path.join(work, 'static', cliPackageSitePath(portalConfig.cliName)));
    const prefix = path.join(work, 'prefix');
    execFileSync('npm', ['install', '--global', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tarball], {
      env: {...process.env, npm_config_cache: path.join(work, 'npm-cache')},
      stdio: 'pipe',
    });
    const version = execFileSync(path.join(prefix, 'bin', portalConfig.cliName), ['version'], {encoding: 'utf8', env: {PATH: process.env.PATH}});
    expect(version).toMatch(new RegExp(`^${portalConfig.cliName} \\d+\\.\\d+\\.\\d+ \\(linux/\\w+\\)\\n$`));
  });
});
