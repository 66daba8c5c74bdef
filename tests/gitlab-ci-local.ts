/**
 * gitlab-ci-local, which reads a .gitlab-ci.yml as GitLab does (GitLab's
 * schema, `extends`, `rules:`), run over a configuration in a repository of
 * its own with a remote, as in a checkout.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** gitlab-ci-local loads for seconds on an idle machine; a shared one needs more. */
export const GITLAB_CI_LOCAL_LIMIT = 120_000;

/** Its standard output, or its output with `failed` when it exits non-zero. */
export function runGitlabCiLocal(config: string, args: string[]): {failed: boolean; output: string} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gitlab-ci-'));
  try {
    fs.writeFileSync(path.join(dir, '.gitlab-ci.yml'), config);
    const git = (...gitArgs: string[]) => execFileSync('git', gitArgs, {cwd: dir, stdio: 'ignore'});
    git('init', '--quiet');
    git('remote', 'add', 'origin', 'https://gitlab.example.com/group/project.git');
    git('add', '.gitlab-ci.yml');
    git('-c', 'user.name=CI', '-c', 'user.email=ci@example.com', 'commit', '--quiet', '--message', 'CI');
    const cli = createRequire(import.meta.url).resolve('gitlab-ci-local/dist/index.js');
    return {failed: false, output: execFileSync(process.execPath, [cli, ...args], {cwd: dir, stdio: 'pipe', encoding: 'utf8'})};
  } catch (error) {
    const {stdout, stderr, message} = error as {stdout?: string; stderr?: string; message: string};
    return {failed: true, output: `${stdout ?? ''}${stderr ?? ''}` || message};
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
}
