/**
 * Real tools can use the contract: openapi-typescript generates types from
 * the compiled contract, and a small client typed with them compiles, while a
 * client that uses a path or a field the contract lacks does not.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {contractOutput, repoRoot} from '../../lib/paths';

const bin = (name: string) => path.join(repoRoot, 'node_modules/.bin', name);
const fixtures = path.join(repoRoot, 'tests/fixtures/client');
let workDir: string;

function typeCheck(file: string): {status: number | null; output: string} {
  const result = spawnSync(
    bin('tsc'),
    ['--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--skipLibCheck', '--types', 'node', file],
    {cwd: workDir, encoding: 'utf8', env: {...process.env, NODE_PATH: path.join(repoRoot, 'node_modules')}},
  );
  return {status: result.status, output: `${result.stdout}${result.stderr}`};
}

beforeAll(() => {
  workDir = fs.mkdtempSync(path.join(repoRoot, 'node_modules/.cache-typed-client-'));
  const generated = spawnSync(bin('openapi-typescript'), [contractOutput.yaml, '-o', path.join(workDir, 'schema.ts')], {encoding: 'utf8'});
  expect(generated.status, generated.stderr).toBe(0);
  for (const name of ['scanner-client.ts', 'wrong-client.ts']) fs.copyFileSync(path.join(fixtures, name), path.join(workDir, name));
}, 60_000);
afterAll(() => fs.rmSync(workDir, {recursive: true, force: true}));

describe('types generated from the contract', {timeout: 60_000}, () => {
  it('type-check a client that lists targets and starts a scan', () => {
    const {status, output} = typeCheck('scanner-client.ts');
    expect(output).toBe('');
    expect(status).toBe(0);
  });

  it('reject a client that uses a path or a field the contract lacks', () => {
    const {status, output} = typeCheck('wrong-client.ts');
    expect(status).not.toBe(0);
    expect(output, 'the unknown path').toMatch(/wrong-client\.ts\(7,\d+\): error TS/);
    expect(output, 'the unknown field').toMatch(/wrong-client\.ts\(9,\d+\): error TS2339: Property 'hostname' does not exist/);
  });
});
