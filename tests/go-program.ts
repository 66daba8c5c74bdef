/** A Go sample the docs show, built as a reader builds it (`go build`), for the tests that run it. */
import {spawnSync} from 'node:child_process';
import path from 'node:path';

/** Builds `file` of `sourceDir` into `outDir`; the command that runs the program. */
export function buildGoProgram(sourceDir: string, file: string, outDir: string): string[] {
  const program = path.join(outDir, path.basename(file, '.go'));
  const build = spawnSync('go', ['build', '-o', program, file], {cwd: sourceDir, encoding: 'utf8'});
  if (build.error) throw new Error(`go is needed to test ${file} (Debian: apt-get install golang-go): ${build.error.message}`);
  if (build.status !== 0) throw new Error(`${file} does not compile:\n${build.stderr}`);
  return [program];
}
