/** A 4xx answer carrying the message the screen shows (and, for forms, which field it belongs to). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, body: Record<string, unknown> = {}) =>
  new HttpError(400, message, body);
export const unauthorized = (message: string, body: Record<string, unknown> = {}) =>
  new HttpError(401, message, body);
export const forbidden = (message: string, body: Record<string, unknown> = {}) =>
  new HttpError(403, message, body);
export const notFound = (message: string, body: Record<string, unknown> = {}) =>
  new HttpError(404, message, body);
export const conflict = (message: string, body: Record<string, unknown> = {}) =>
  new HttpError(409, message, body);
export const tooManyRequests = (message: string, body: Record<string, unknown> = {}) =>
  new HttpError(429, message, body);
