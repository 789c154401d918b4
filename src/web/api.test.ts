import { afterEach, describe, expect, it, vi } from 'vitest';
import { callApi } from './api.ts';

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the call helper (SPEC §7)', () => {
  it('POSTs a JSON body with same-origin credentials by default', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ success: true }));
    vi.stubGlobal('fetch', fetchMock);
    const result = await callApi('/api/login', { body: { username: 'a@b.c', password: 'x' } });
    expect(result).toEqual({ success: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/login');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(String(init.body))).toMatchObject({ username: 'a@b.c', password: 'x' });
  });

  it('GET sends no body', async () => {
    const fetchMock = vi.fn(async () => jsonResponse([1, 2]));
    vi.stubGlobal('fetch', fetchMock);
    expect(await callApi('/api/burn-rates', { method: 'GET' })).toEqual([1, 2]);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('answers the parsed JSON of an error status too, so screens can show the server message', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ success: false, message: 'Nope' }, 400));
    expect(await callApi('/api/x')).toEqual({ success: false, message: 'Nope' });
  });

  it('answers text when the response is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response('plain words', { headers: { 'content-type': 'text/plain' } }),
    );
    expect(await callApi('/api/x', { method: 'GET' })).toBe('plain words');
  });

  it('answers null on a network failure', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await callApi('/api/x')).toBeNull();
  });

  it('answers null on malformed JSON', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response('{oops', { headers: { 'content-type': 'application/json' } }),
    );
    expect(await callApi('/api/x')).toBeNull();
  });

  it('answers null when the time-out passes first, and aborts the request', async () => {
    let aborted = false;
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );
    const started = Date.now();
    expect(await callApi('/api-w/viewer', { method: 'GET', timeoutMs: 50 })).toBeNull();
    expect(aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
