import type { ErrorCode, FailureBody } from '#shared/api/error-codes.ts';

/** The envelope of every failure (see src/shared/api/error-codes.ts). */
export function failure(code: ErrorCode, message: string): FailureBody {
  return { success: false, error: code, message };
}

/**
 * A failure a route answers: its HTTP status, a code from the shared list (the screens pick their
 * words by it) and the English message (for the partner API, the CLI and logs). `details` carries
 * what the spec's tables name beside the code (`isExpired`, `incorrectPassword`, `fieldErrors`, …).
 * Thrown or returned by services; the error handler turns it into the one failure envelope.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** The failure envelope (`success: false, error, message, …details`). */
  body(): Record<string, unknown> {
    return { ...failure(this.code, this.message), ...this.details };
  }
}

type Details = Record<string, unknown>;

export const badRequest = (code: ErrorCode, message: string, details?: Details) =>
  new HttpError(400, code, message, details);
export const unauthorized = (code: ErrorCode, message: string, details?: Details) =>
  new HttpError(401, code, message, details);
export const forbidden = (code: ErrorCode, message: string, details?: Details) =>
  new HttpError(403, code, message, details);
export const notFound = (code: ErrorCode, message: string, details?: Details) =>
  new HttpError(404, code, message, details);
export const conflict = (code: ErrorCode, message: string, details?: Details) =>
  new HttpError(409, code, message, details);
export const tooManyRequests = (code: ErrorCode, message: string, details?: Details) =>
  new HttpError(429, code, message, details);
