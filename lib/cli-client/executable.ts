/**
 * For tests that run the client as a reader would: a folder holding an
 * executable named after the client (`vigil`), built from the sources as the
 * package is, to put first on PATH. Needs the compiled contract
 * (`npm run contract`). Each process builds it once, in a folder of its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {writeClientPackage} from './package';

let built: Promise<string> | undefined;

export function cliExecutableDir(): Promise<string> {
  built ??= Promise.resolve().then(() => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-client-'));
    return path.dirname(writeClientPackage(dir));
  });
  return built;
}
