/**
 * The client's exit codes are the description's: each code it ends with is a
 * row of cli/cli.yaml's exit-code table, and each row is a code it ends with.
 */
import {describe, expect, it} from 'vitest';
import {loadCliDescription} from '../../lib/cli/description';
import {ExitCode, exitCodeOfStatus} from '../../lib/cli-client/exit-codes';

describe("the client's exit codes", () => {
  it('are the rows of the exit-code table of cli/cli.yaml', () => {
    const table = loadCliDescription().exitCodes.map((exit) => exit.code);
    expect(Object.values(ExitCode).sort((a, b) => a - b)).toEqual(table.sort((a, b) => a - b));
  });

  it('follow the API status as the table says', () => {
    expect([401, 403, 404, 409, 429, 400, 500].map(exitCodeOfStatus)).toEqual([3, 3, 4, 5, 6, 1, 1]);
  });
});
