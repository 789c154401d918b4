import { readFile } from 'node:fs/promises';
import { type Environment, readEnvironment } from '../config/environment.ts';
import { operatorKeyPath } from './operator-key.ts';

/** The CLI's way to the running server: its partner API, so the CLI works beside `npm start` on PGlite. */
export interface OperatorClient {
  baseUrl: string;
  call<T = Record<string, unknown>>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
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
  return {
    baseUrl,
    async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
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
      const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      if (!response.ok) {
        throw new OperatorError(String(json.message ?? `The server answered ${response.status}.`));
      }
      return json as T;
    },
  };
}
