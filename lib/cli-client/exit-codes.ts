/**
 * The client's exit codes, each a row of the description's `exitCodes`
 * table (tests/unit/cli-client.test.ts holds them to it), and the error that
 * ends a command with one of them.
 */
export const ExitCode = {
  ok: 0,
  failed: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  conflict: 5,
  rateLimited: 6,
  timedOut: 7,
  findingsBlock: 10,
  incompleteCoverage: 11,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** Ends the command: its message goes to standard error, its code is the process's. */
export class CliExit extends Error {
  constructor(
    readonly code: ExitCodeValue,
    message: string,
  ) {
    super(message);
  }
}

export const usageError = (message: string): CliExit => new CliExit(ExitCode.usage, message);

/** The exit code of an API answer that is an error, as the exit-code table gives it. */
export function exitCodeOfStatus(status: number): ExitCodeValue {
  if (status === 401 || status === 403) return ExitCode.auth;
  if (status === 404) return ExitCode.notFound;
  if (status === 409) return ExitCode.conflict;
  if (status === 429) return ExitCode.rateLimited;
  return ExitCode.failed;
}
