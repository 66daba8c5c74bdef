/**
 * How every entry point (scripts/, bench/) runs its work: a failure prints
 * its message and exits with code 1. Our errors name the file and line of the
 * problem in their message, so the message is printed as it is; an error of
 * the language itself (a TypeError…) is a bug, printed with its stack.
 */
const BUGS = [TypeError, ReferenceError, RangeError, SyntaxError];

export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return BUGS.some((kind) => error instanceof kind) ? (error.stack ?? error.message) : error.message;
}

export function main(run: () => unknown): void {
  Promise.resolve()
    .then(run)
    .catch((error: unknown) => {
      console.error(errorText(error));
      process.exit(1);
    });
}
