import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { logout } from '#shared/api/auth-endpoints.ts';

/**
 * The service worker's rules, run in a stand-in of the worker's globals (events, Cache Storage, the
 * network), so each rule is seen to hold whatever the browser's timing: the card is kept only for the
 * session the server names, dropped on every change, never served past its session or in the staff
 * console, and nothing else is cached. The browser journeys (tests/e2e/offline-card-journeys.ts) run it
 * in Chromium.
 */
const source = readFileSync(fileURLToPath(new URL('./sw.js', import.meta.url)), 'utf8');
const origin = 'https://members.example';

class FakeCache {
  readonly entries = new Map<string, Response>();
  async match(request: string | Request) {
    return this.entries
      .get(new URL(typeof request === 'string' ? request : request.url, origin).href)
      ?.clone();
  }
  async put(request: string | Request, response: Response) {
    this.entries.set(new URL(typeof request === 'string' ? request : request.url, origin).href, response);
  }
  async add(request: Request) {
    await this.put(request, await worker.fetch(request));
  }
}

class FakeCaches {
  readonly named = new Map<string, FakeCache>();
  async open(name: string) {
    const cache = this.named.get(name) ?? new FakeCache();
    this.named.set(name, cache);
    return cache;
  }
  async delete(name: string) {
    return this.named.delete(name);
  }
  async keys() {
    return [...this.named.keys()];
  }
}

type Handler = (event: unknown) => void;
let worker: {
  fetch: (request: Request | string, init?: RequestInit) => Promise<Response>;
};

/** A page as the server answers it, naming the session the browser holds after it. */
function answer(body: string, tag: string | null, extra: Record<string, string> = {}): Response {
  const headers = new Headers({ 'content-type': 'text/html', date: new Date().toUTCString(), ...extra });
  if (tag) headers.set('x-offline-card', tag);
  return new Response(body, { headers });
}

function start(server: (request: Request) => Response | Promise<Response>) {
  const handlers = new Map<string, Handler>();
  const caches = new FakeCaches();
  const requests: Request[] = [];
  let online = true;
  worker = {
    fetch: async (input, init) => {
      const request = typeof input === 'string' ? new Request(new URL(input, origin), init) : input;
      requests.push(request);
      if (!online) throw new TypeError('Failed to fetch');
      return server(request);
    },
  };
  const self = {
    location: new URL(origin),
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
    registration: { navigationPreload: { enable: async () => undefined } },
  };
  // The worker's Request reads a path against its own address, as a browser's does.
  const WorkerRequest = class extends Request {
    constructor(input: string | Request, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, origin) : input, init);
    }
  };
  runInNewContext(source, {
    self,
    caches,
    fetch: worker.fetch,
    Request: WorkerRequest,
    Response,
    URL,
    Date,
    Number,
    Promise,
  });

  /** Dispatches an event and waits for everything it asked the worker to finish. */
  async function dispatch(type: string, fields: Record<string, unknown> = {}) {
    const waits: Promise<unknown>[] = [];
    let responded: Promise<Response> | undefined;
    handlers.get(type)?.({
      ...fields,
      waitUntil: (promise: Promise<unknown>) => waits.push(promise),
      respondWith: (promise: Promise<Response>) => {
        responded = promise;
      },
    });
    const response = await responded;
    // waitUntil may be called while a response is being made: settle until no more arrive.
    for (let seen = 0; seen < waits.length; seen = waits.length) await Promise.all(waits);
    return response;
  }
  return {
    caches,
    requests,
    dispatch,
    setOnline: (value: boolean) => {
      online = value;
    },
    /** A navigation (mode "navigate" cannot be made in Node: the request is marked instead). */
    open: (path: string) => {
      const request = new Request(`${origin}${path}`);
      Object.defineProperty(request, 'mode', { value: 'navigate' });
      return dispatch('fetch', { request, preloadResponse: Promise.resolve(undefined) });
    },
    async kept() {
      for (const [name, cache] of caches.named)
        if (name.startsWith('card-')) return (await cache.match('/offline'))?.text();
      return undefined;
    },
  };
}

/** A server with one signed-in browser whose session is `who.tag` (or none). */
function serverFor(who: { tag: string | null; name: string }, until = Date.now() + 3_600_000) {
  return (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === '/offline') {
      if (request.credentials === 'omit' || !who.tag) return answer('offline: sign in', 'none');
      return answer(`card of ${who.name}`, who.tag, { 'x-offline-card-until': String(until) });
    }
    if (path === '/api/login') return answer('{}', who.tag);
    if (path === '/api/delete-account') return answer('{}', 'none');
    return answer(`page for ${who.name}`, who.tag ?? 'none');
  };
}

async function installed(server: (request: Request) => Response) {
  const sw = start(server);
  await sw.dispatch('install');
  await sw.dispatch('activate');
  return sw;
}

describe('the service worker', () => {
  it('installs the page for nobody fetched without cookies, and on taking over keeps the card of the session the browser holds', async () => {
    const sw = await installed(serverFor({ tag: 'tag-a', name: 'Anna' }));
    const visitorPage = sw.requests.find((request) => request.credentials === 'omit');
    expect(new URL(visitorPage?.url ?? '').pathname).toBe('/offline');
    expect(await sw.kept()).toBe('card of Anna');
  });

  it('with no network, opening the app answers the kept card; the staff console never gets it', async () => {
    const sw = await installed(serverFor({ tag: 'tag-a', name: 'Anna' }));
    sw.setOnline(false);
    expect(await (await sw.open('/'))?.text()).toBe('card of Anna');
    expect(await (await sw.open('/help/history'))?.text()).toBe('card of Anna');
    expect(await (await sw.open('/staff/scan'))?.text()).toBe('offline: sign in');
  });

  it('online, pages come from the network, never from the cache', async () => {
    const sw = await installed(serverFor({ tag: 'tag-a', name: 'Anna' }));
    expect(await (await sw.open('/'))?.text()).toBe('page for Anna');
  });

  it('a card past the end of its session is not shown, and goes', async () => {
    const sw = await installed(serverFor({ tag: 'tag-a', name: 'Anna' }, Date.now() - 1));
    sw.setOnline(false);
    expect(await (await sw.open('/'))?.text()).toBe('offline: sign in');
    expect(await sw.kept()).toBeUndefined();
  });

  it('signing out drops the card even when the call cannot reach the server, and leaves the call to the browser', async () => {
    const sw = await installed(serverFor({ tag: 'tag-a', name: 'Anna' }));
    sw.setOnline(false);
    const request = new Request(`${origin}${logout.path}`, { method: logout.method, body: '{}' });
    expect(await sw.dispatch('fetch', { request })).toBeUndefined();
    expect(await sw.kept()).toBeUndefined();
    expect(await (await sw.open('/'))?.text()).toBe('offline: sign in');
  });

  it("another member's sign-in drops the first one's card and keeps the new one's", async () => {
    const who = { tag: 'tag-a' as string | null, name: 'Anna' };
    const sw = await installed(serverFor(who));
    Object.assign(who, { tag: 'tag-b', name: 'Bertil' });
    const request = new Request(`${origin}/api/login`, { method: 'POST', body: '{}' });
    await sw.dispatch('fetch', { request });
    expect(await sw.kept()).toBe('card of Bertil');
  });

  it('a page for nobody (a session ended, a cookie gone) drops the card', async () => {
    const who = { tag: 'tag-a' as string | null, name: 'Anna' };
    const sw = await installed(serverFor(who));
    who.tag = null;
    await sw.open('/');
    expect(await sw.kept()).toBeUndefined();
    const caches = await sw.caches.keys();
    expect(caches.every((name) => !name.startsWith('card-'))).toBe(true);
  });

  it('an account deleted drops the card', async () => {
    const sw = await installed(serverFor({ tag: 'tag-a', name: 'Anna' }));
    const request = new Request(`${origin}/api/delete-account`, { method: 'POST', body: '{}' });
    await sw.dispatch('fetch', { request });
    expect(await sw.kept()).toBeUndefined();
  });

  it('a card on its way when the member signs out is never kept', async () => {
    let release: () => void = () => undefined;
    const base = serverFor({ tag: 'tag-a', name: 'Anna' });
    const sw = start(async (request) => {
      if (new URL(request.url).pathname === '/offline' && request.credentials !== 'omit')
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      return base(request);
    });
    await sw.dispatch('install');
    const activating = sw.dispatch('activate');
    await new Promise((resolve) => setTimeout(resolve, 10));
    await sw.dispatch('fetch', {
      request: new Request(`${origin}/api/logout`, { method: 'POST', body: '{}' }),
    });
    release();
    await activating;
    expect(await sw.kept()).toBeUndefined();
  });

  it("answers no other request itself: scripts, styles and the API's reads go to the network untouched", async () => {
    const sw = await installed(serverFor({ tag: 'tag-a', name: 'Anna' }));
    for (const path of [
      '/assets/index-abc.js',
      '/api/transactions',
      '/api-w/viewer',
      '/manifest.webmanifest',
    ])
      expect(await sw.dispatch('fetch', { request: new Request(`${origin}${path}`) })).toBeUndefined();
    expect([...sw.caches.named.keys()].map((name) => name.replace(/-.*/, '')).sort()).toEqual([
      'card',
      'offline',
    ]);
  });

  it("a new build's worker drops the caches of the one before", async () => {
    const sw = await installed(serverFor({ tag: 'tag-a', name: 'Anna' }));
    sw.caches.named.set('card-oldbuild', new FakeCache());
    sw.caches.named.set('offline-oldbuild', new FakeCache());
    await sw.dispatch('activate');
    expect([...sw.caches.named.keys()].some((name) => name.endsWith('oldbuild'))).toBe(false);
  });

  it('knows the sign-out call by the path its declaration gives', () => {
    expect(source).toContain(`url.pathname === '${logout.path}'`);
  });
});
