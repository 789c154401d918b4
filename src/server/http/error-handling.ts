import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorCode, FailureBody } from '#shared/api/error-codes.ts';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { failure, HttpError } from './errors.ts';

/** How long a caller is asked to wait before trying again while the database is out of reach. */
const databaseRetryAfterSeconds = 5;

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Errors answer JSON under /api, /api-w and /partner: a 4xx with the message the screen shows,
 * a 5xx with a generic message (the cause is logged with the request id, never sent).
 * Unknown API paths answer 404, a known path with the wrong method 405.
 */
export function registerErrorHandling(app: FastifyInstance, knownApiPaths: Map<string, Set<string>>): void {
  app.addHook('onRoute', (options) => {
    const url = options.url;
    if (!isApiPath(url)) return;
    const verbs = knownApiPaths.get(url) ?? new Set<string>();
    for (const method of [options.method].flat()) verbs.add(method);
    knownApiPaths.set(url, verbs);
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // Fastify's own 4xx (a body that is not JSON, too large…).
    const status = error instanceof HttpError || isUnstorableText(error) ? undefined : error.statusCode;
    if (status && status >= 400 && status < 500) {
      const { code, message } = clientError(error);
      return reply.code(status).send(failure(code, message));
    }
    // The database is restarting, failing over or hung: nothing was done, and the same request may
    // be sent again (idempotent writes replay), so this is a 503, never a 500 or a hang.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error, requestId: request.id }, 'database unavailable');
      reply.header('retry-after', String(databaseRetryAfterSeconds));
      return reply
        .code(503)
        .send(failure('Unavailable', 'The service is briefly unavailable. Please try again.'));
    }
    const answer = failureAnswer(error);
    if (answer.status >= 500) request.log.error({ err: error, requestId: request.id }, 'request failed');
    return reply.code(answer.status).send(answer.body);
  });
}

/**
 * What a failure of the application's own work answers: an HttpError its status and body; text
 * PostgreSQL cannot store (a NUL byte) that reached the database by a path no schema checks, such as
 * a URL parameter, 400 (the caller's input is at fault, not the server); anything else 500, with a
 * generic message (the caller logs the cause). Also one purchase's answer inside a batch.
 */
export function failureAnswer(error: unknown): { status: number; body: Record<string, unknown> } {
  if (error instanceof HttpError) return { status: error.statusCode, body: error.body() };
  if (isUnstorableText(error))
    return { status: 400, body: { ...failure('UnstorableText', unstorableTextMessage) } };
  return {
    status: 500,
    body: { ...failure('ServerError', 'Sorry, something went wrong on our side. Please try again.') },
  };
}

/** The 404 / 405 answer for an API path. */
export function apiNotFound(
  knownApiPaths: Map<string, Set<string>>,
  url: string,
  method: string,
): { status: 404 | 405; allow?: string; body: FailureBody } {
  const path = url.split('?')[0] ?? url;
  const verbs = knownApiPaths.get(path);
  if (verbs && !verbs.has(method)) {
    const allow = methods.filter((verb) => verbs.has(verb)).join(', ');
    return {
      status: 405,
      allow,
      body: failure('MethodNotAllowed', `Method ${method} is not allowed here. Use ${allow}.`),
    };
  }
  return { status: 404, body: failure('NotFound', `There is no API at ${path}.`) };
}

export function isApiPath(url: string): boolean {
  return (
    url.startsWith('/api/') ||
    url.startsWith('/api-w/') ||
    url.startsWith('/partner/') ||
    url.startsWith('/staff-api/') ||
    url === '/api'
  );
}

const unstorableTextMessage = 'The request contains characters that cannot be stored (such as NUL).';

/** PostgreSQL's "invalid byte sequence" (22021) and "untranslatable character" (22P05). */
function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '22021' || code === '22P05';
}

function clientError(error: FastifyError): { code: ErrorCode; message: string } {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'InvalidJson', message: 'The request body is not valid JSON.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'UnsupportedMediaType', message: 'Send the request body as application/json.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'BodyTooLarge', message: 'The request body is too large.' };
    default:
      return error instanceof SyntaxError
        ? { code: 'InvalidJson', message: 'The request body is not valid JSON.' }
        : { code: 'InvalidRequest', message: error.message };
  }
}
