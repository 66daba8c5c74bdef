/** Our errors name the file and line in their message, so it is printed as is; a language error (a TypeError) is a bug, printed with its stack. */
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
