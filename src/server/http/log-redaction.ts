import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret: emailed tokens, OAuth codes and states. */
const secretParams = new Set(['token', 'code', 'state']);

/** The request URL with secret query values replaced, so logs never hold a usable link. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const params = new URLSearchParams(url.slice(question + 1));
  for (const key of [...params.keys()]) if (secretParams.has(key)) params.set(key, 'REDACTED');
  return `${url.slice(0, question)}?${params.toString()}`;
}

/** pino serializer for the request line of Fastify's log. */
export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
}
