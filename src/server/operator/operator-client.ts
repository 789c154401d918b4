import { readFile } from 'node:fs/promises';
import { type Environment, readEnvironment } from '../config/environment.ts';
import { operatorKeyPath } from '../partner/operator-key.ts';

/** The CLI's way to the running server: its partner API, so the CLI works beside `npm start` on PGlite. */
export interface OperatorClient {
  baseUrl: string;
  call<T = Record<string, unknown>>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
  /** A GET answered with text, not JSON (the audit log's CSV). */
  text(path: string): Promise<string>;
}

export class OperatorError extends Error {}

export async function operatorClient(
  env: Pick<Environment, 'loyaltyUrl' | 'partnerApiKey' | 'dataDir'> = readEnvironment(),
): Promise<OperatorClient> {
  const baseUrl = env.loyaltyUrl;
  const key =
    env.partnerApiKey || (await readFile(operatorKeyPath(env.dataDir), 'utf8').catch(() => '')).trim();
  if (!key) {
    throw new OperatorError(
      `No partner API key: set PARTNER_API_KEY, or start the server once (npm start) so it writes ${operatorKeyPath(env.dataDir)}.`,
    );
  }
  async function send(method: 'GET' | 'POST', path: string, body?: unknown) {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/partner/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      throw new OperatorError(
        `No loyalty server answers at ${baseUrl}. Start it with \`npm start\`, or set LOYALTY_URL.`,
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
    async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
      const text = await send(method, path, body);
      return (text ? JSON.parse(text) : {}) as T;
    },
    text: (path) => send('GET', path),
  };
}
