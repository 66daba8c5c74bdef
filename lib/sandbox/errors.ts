/**
 * The API's errors as the sandbox raises them: a status and one of the
 * contract's error codes, written in the contract's error body (`code`,
 * `detail`, `errors`, `request_id`) by the server, which knows the request id.
 */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    readonly errors: Record<string, string[]> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const notFound = (): SandboxError => new SandboxError(404, 'not_found', 'Not found.');

export const stateConflict = (detail: string): SandboxError => new SandboxError(409, 'state_conflict', detail);

export const invalidField = (field: string, message: string): SandboxError =>
  new SandboxError(400, 'validation_failed', 'Invalid input.', {[field]: [message]});

/** The contract's error body. */
export const errorBody = (error: SandboxError, requestId: string) => ({code: error.code, detail: error.message, errors: error.errors, request_id: requestId});
