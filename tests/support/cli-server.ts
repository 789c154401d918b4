import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';
import { createTestApp, type TestApp, testPartnerKey } from './test-app.ts';

/**
 * Serves the test app on a free port and points the operator CLI at it (LOYALTY_URL and
 * PARTNER_API_KEY, as an operator's shell would); answers the URL. `vi.unstubAllEnvs()` undoes it.
 */
export async function serveForCli(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  vi.stubEnv('LOYALTY_URL', url);
  vi.stubEnv('PARTNER_API_KEY', testPartnerKey);
  return url;
}

/** A test app the operator CLI talks to (see serveForCli); close it with closeCliTestApp. */
export async function cliTestApp(): Promise<TestApp> {
  const t = await createTestApp();
  await serveForCli(t);
  return t;
}

export async function closeCliTestApp(t: TestApp) {
  vi.unstubAllEnvs();
  await t.close();
}
