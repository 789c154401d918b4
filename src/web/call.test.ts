import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicPage } from '#shared/api/account-endpoints.ts';
import { login } from '#shared/api/auth-endpoints.ts';
import { transactions } from '#shared/api/points-endpoints.ts';
import { call } from './api.ts';

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('call(descriptor, payload): the typed call of SPEC §7', () => {
  it('POSTs the payload and the client context, and answers the data', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ success: true, account: null }));
    vi.stubGlobal('fetch', fetchMock);
    const result = await call(login, { username: 'a@b.c', password: 'x' });
    expect(result).toEqual({ ok: true, status: 200, data: { success: true, account: null } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/login');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(JSON.parse(String(init.body))).toMatchObject({ username: 'a@b.c', password: 'x' });
  });

  it('GET puts the payload in the query and fills path parameters', async () => {
    const fetchMock = vi.fn(async () => jsonResponse([]));
    vi.stubGlobal('fetch', fetchMock);
    await call(transactions, { limit: 5 });
    await call(publicPage, {}, { params: { name: 'faq' } });
    expect(fetchMock.mock.calls.map((c) => (c as unknown as [string])[0])).toEqual([
      '/api/transactions?limit=5',
      '/api/pages/faq',
    ]);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBeUndefined();
  });

  it('a failure envelope answers its code, field errors and the spec flags beside them', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(
        {
          success: false,
          error: 'IncorrectPassword',
          message: 'English',
          incorrectPassword: true,
          fieldErrors: { password: 'x' },
        },
        401,
      ),
    );
    expect(await call(login, { username: 'a@b.c', password: 'x' })).toEqual({
      ok: false,
      status: 401,
      code: 'IncorrectPassword',
      serverCode: 'IncorrectPassword',
      message: 'English',
      fieldErrors: { password: 'x' },
      details: { incorrectPassword: true },
    });
  });

  it('success: false with a 200 is a failure too; an unknown code is Unknown', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ success: false, error: 'SomethingNew' }));
    expect(await call(login, { username: 'a', password: 'b' })).toMatchObject({
      ok: false,
      status: 200,
      code: 'Unknown',
      serverCode: 'SomethingNew',
    });
  });

  it('no answer at all is Unreachable with status 0', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('network');
    });
    expect(await call(login, { username: 'a', password: 'b' })).toMatchObject({
      ok: false,
      status: 0,
      code: 'Unreachable',
    });
  });

  it('a time-out aborts the call and answers Unreachable', async () => {
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    expect(await call(login, { username: 'a', password: 'b' }, { timeoutMs: 10 })).toMatchObject({
      code: 'Unreachable',
    });
  });
});
