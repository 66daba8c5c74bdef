/** The runner of the pages' programs: each language's program runs from its file, with the files beside it, killed when it outlives its time, its waits cut short when asked. */
import {describe, expect, it} from 'vitest';
import {runProgram} from '../run-program';

describe('runProgram', () => {
  it('runs a program with the files beside it and the environment given', async () => {
    const run = await runProgram({
      language: 'bash',
      code: 'source helper.sh; greet "$NAME"',
      files: {'helper.sh': 'greet() { echo "hello $1"; }'},
      env: {NAME: 'reader'},
    });
    expect(run).toEqual({code: 0, stdout: 'hello reader\n', stderr: ''});
  });

  it('kills a program that outlives its time', async () => {
    expect((await runProgram({language: 'python', code: 'import time\ntime.sleep(60)', timeoutMs: 1000})).code).toBeNull();
  });

  it.each([
    ['bash', 'sleep 60; echo done'],
    ['python', 'import time\ntime.sleep(60)\nprint("done")'],
  ] as const)('cuts the waits of a %s program short when asked', async (language, code) => {
    expect(await runProgram({language, code, timeoutMs: 10_000, longestWait: 0.1})).toEqual({code: 0, stdout: 'done\n', stderr: ''});
  });
});
