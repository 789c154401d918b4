import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { type Environment, readEnvironment } from '#server/config/environment.ts';
import { operatorKeyPath } from '#server/partner/operator-key.ts';
import { type Endpoint, type ParamsOf, pathWith } from '#shared/api/endpoint.ts';
import type { PartnerEndpoint } from '#shared/api/partner-api.ts';

/** What one call sends: the path's parameters (typed from the path) and the body, or the query of a GET. */
type CallInput<E extends Endpoint> = { body?: z.input<E['request']> } & (keyof ParamsOf<
  E['path']
> extends never
  ? { params?: undefined }
  : { params: ParamsOf<E['path']> });

/**
 * The CLI's way to the running server: the partner API's declarations (src/shared/api/partner-*.ts),
 * so a call's path, parameters, body and answer are the ones the server registers. It works beside
 * `npm start` on PGlite, and against production.
 */
export interface PartnerClient {
  baseUrl: string;
  call<E extends PartnerEndpoint>(endpoint: E, input?: CallInput<E>): Promise<z.output<E['response']>>;
  /** A GET answered with text, not JSON (the audit log's CSV). */
  text<E extends PartnerEndpoint>(endpoint: E, input?: CallInput<E>): Promise<string>;
}

/** A failure the CLI explains in its own words (printed as `Error: …`, exit code 1). */
export class OperatorError extends Error {}

function urlOf(baseUrl: string, endpoint: Endpoint, input: CallInput<Endpoint>): string {
  const path = pathWith(endpoint.path, (input.params ?? {}) as ParamsOf<string>);
  if (endpoint.method !== 'GET' || !input.body) return `${baseUrl}${path}`;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.body as Record<string, unknown>)) {
    if (value !== undefined) query.set(name, String(value));
  }
  return `${baseUrl}${path}?${query}`;
}

export async function partnerClient(
  env: Pick<Environment, 'loyaltyUrl' | 'partnerApiKey' | 'dataDir'> = readEnvironment(),
): Promise<PartnerClient> {
  const baseUrl = env.loyaltyUrl;
  const key =
    env.partnerApiKey || (await readFile(operatorKeyPath(env.dataDir), 'utf8').catch(() => '')).trim();
  if (!key) {
    throw new OperatorError(
      `No partner API key: set PARTNER_API_KEY, or start the server once (npm start) so it writes ${operatorKeyPath(env.dataDir)}.`,
    );
  }
  async function send(endpoint: Endpoint, input: CallInput<Endpoint> = {}) {
    const body = endpoint.method === 'POST' ? (input.body ?? {}) : undefined;
    let response: Response;
    try {
      response = await fetch(urlOf(baseUrl, endpoint, input), {
        method: endpoint.method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      throw new OperatorError(
        `No loyalty server answers at ${baseUrl}. Start it with \`npm start\`, or set LOYALTY_URL (or PORT) to where it listens.`,
      );
    }
    const text = await response.text();
    if (!response.ok) {
      const json = text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {};
      throw new OperatorError(String(json.message ?? `The server answered ${response.status}.`));
    }
    return text;
  }
  return {
    baseUrl,
    async call(endpoint, input) {
      const text = await send(endpoint, input as CallInput<Endpoint>);
      return text ? JSON.parse(text) : {};
    },
    text: (endpoint, input) => send(endpoint, input as CallInput<Endpoint>),
  };
}
