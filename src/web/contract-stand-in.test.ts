import { afterEach, describe, expect, it, vi } from 'vitest';
import { changePasswordEndpoint, passkeysEndpoint } from '#shared/api/credentials.ts';
import { changePassword, passkeys } from '#shared/api/credentials-endpoints.ts';
import { assertContractKept, failure, on, stubApi } from '#tests/support/contract-fetch.ts';
import { call } from './api.ts';

// The component tests' stand-in server (tests/support/contract-fetch.ts) must refuse what the real
// server would never answer or accept; otherwise a stub can hide a screen that breaks the contract.
afterEach(() => {
  vi.unstubAllGlobals();
  assertContractKept();
});

describe("the component tests' stand-in server keeps to the contract", () => {
  it('answers a success through the response schema, as the server does (unknown fields dropped)', async () => {
    stubApi(on(changePasswordEndpoint, { success: true, stray: 1 } as never));
    const result = await call(changePassword, { password: 'long-enough-1' });
    expect(result).toMatchObject({ ok: true, status: 200, data: { success: true } });
    expect(result.ok && result.data).not.toHaveProperty('stray');
  });

  it('a body the endpoint never answers fails where the test wrote it', () => {
    expect(() => on(passkeysEndpoint, { success: true } as never)).toThrow(
      /GET \/api\/passkeys never answers/,
    );
    expect(() => failure(200, { error: 'ServerError' })).toThrow('a failure answers 4xx or 5xx, not 200');
  });

  it('a call to an endpoint the test did not name, or a request the server would refuse, fails the test', async () => {
    stubApi(on(changePasswordEndpoint, { success: true }));
    expect((await call(passkeys)).ok).toBe(false);
    expect((await call(changePassword, { password: 42 } as never)).ok).toBe(false);
    expect(() => assertContractKept()).toThrow(
      /GET \/api\/passkeys was called, and the test named no such endpoint\n- POST \/api\/change-password would refuse what the screen sent/,
    );
  });

  it('a failure is the one envelope, with the code the screen reads', async () => {
    stubApi(on(changePasswordEndpoint, failure(401, { error: 'IncorrectPassword' })));
    const result = await call(changePassword, { password: 'long-enough-1' });
    expect(result).toMatchObject({ ok: false, status: 401, code: 'IncorrectPassword' });
  });
});
