import { type Mock, vi } from 'vitest';
import type { z } from 'zod';
import type { Endpoint } from '../../src/shared/api/endpoint.ts';
import type { ErrorCode } from '../../src/shared/api/error-codes.ts';

/**
 * A stand-in for the server in component tests that keeps to the contract (src/shared/api): a screen
 * is answered only for endpoints the test names, a success body goes through the endpoint's response
 * schema on its way out as the server's `route` sends it (routes.ts), a failure is the one failure
 * envelope, and what the screen sends must pass the endpoint's request schema as the server would
 * require. A body the contract does not allow, a request the server would refuse, or a call to an
 * endpoint the test did not name fails the test (component-setup.ts checks after each test): a stub
 * can no longer answer what the real server never would.
 */

/** A failed call's answer: the envelope every route sends (`success: false, error, message, …`). */
class Failure {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {}
}

/** What no route of ours sends but a proxy in front of it may: a page that is not JSON. */
class NotJson {
  constructor(readonly status: number) {}
}

/**
 * A failure as the server's error handler sends it. `message` is the server's English, which
 * screens never show; details are the flags SPEC §7 names beside the code (`isExpired`, …).
 */
export function failure(
  status: number,
  body: { error: ErrorCode; message?: string; fieldErrors?: Record<string, string> } & Record<
    string,
    unknown
  >,
): Failure {
  if (status < 400) throw new Error(`a failure answers 4xx or 5xx, not ${status}`);
  return new Failure(status, { success: false, message: 'English words the screen must not show', ...body });
}

/** A 502 or 504 page from a proxy: not JSON, so the screen knows only the status. */
export function notJson(status: number): NotJson {
  return new NotJson(status);
}

/** One call the screen made, as the stand-in understood it. */
export interface ContractCall {
  url: URL;
  /** The request as the screen sent it: the JSON body (POST) or the query's values (GET). */
  payload: Record<string, unknown>;
}

type Answer<E extends Endpoint> = z.input<E['response']> | Failure | NotJson;
type Reply<E extends Endpoint> = Answer<E> | ((call: ContractCall) => Answer<E> | Promise<Answer<E>>);

interface Route {
  endpoint: Endpoint;
  replies: Reply<Endpoint>[];
  served: number;
}

/**
 * Answers `endpoint` with `replies`, one per call in turn; the last one answers every later call.
 * A reply is a success body, a failure(), a notJson(), or a function of the call answering one.
 */
export function on<E extends Endpoint>(endpoint: E, ...replies: [Reply<E>, ...Reply<E>[]]): Route {
  // A fixed body is checked now, so the test fails at the line that wrote it.
  for (const reply of replies) {
    if (typeof reply !== 'function' && !(reply instanceof Failure) && !(reply instanceof NotJson))
      successBody(endpoint, reply);
  }
  return { endpoint, replies: replies as Reply<Endpoint>[], served: 0 };
}

/** What the contract found wrong in this test's calls; component-setup.ts fails the test on any. */
const violations: string[] = [];

/** Fails the test that broke the contract (called after each component test). */
export function assertContractKept(): void {
  const found = violations.splice(0);
  if (found.length) throw new Error(`The stand-in server's contract was broken:\n- ${found.join('\n- ')}`);
}

class ContractViolation extends Error {}

function successBody(endpoint: Endpoint, body: unknown): unknown {
  const parsed = endpoint.response.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new ContractViolation(
    `${name(endpoint)} never answers ${JSON.stringify(body).slice(0, 200)}: ${parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
      .join('; ')}`,
  );
}

const name = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

function matches(endpoint: Endpoint, method: string, path: string): boolean {
  if (endpoint.method !== method) return false;
  const pattern = endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(path);
}

function payloadOf(url: URL, init: RequestInit | undefined): Record<string, unknown> {
  if ((init?.method ?? 'GET') === 'GET') return Object.fromEntries(url.searchParams);
  return typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
}

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

async function answer(routes: Route[], input: string | URL | Request, init?: RequestInit) {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  const route = routes.find((candidate) => matches(candidate.endpoint, method, url.pathname));
  if (!route)
    throw new ContractViolation(`${method} ${url.pathname} was called, and the test named no such endpoint`);
  const payload = payloadOf(url, init);
  const request = route.endpoint.request.safeParse(payload);
  if (!request.success) {
    throw new ContractViolation(
      `${name(route.endpoint)} would refuse what the screen sent, ${JSON.stringify(payload)}: ${request.error.issues
        .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
        .join('; ')}`,
    );
  }
  const reply = route.replies[Math.min(route.served, route.replies.length - 1)];
  route.served += 1;
  const given = typeof reply === 'function' ? await reply({ url, payload }) : reply;
  if (given instanceof NotJson)
    return new Response('<html>Bad gateway</html>', {
      status: given.status,
      headers: { 'content-type': 'text/html' },
    });
  if (given instanceof Failure) return json(given.body, given.status);
  return json(successBody(route.endpoint, given), 200);
}

/**
 * Puts the stand-in in place of `fetch` for this test (vi.unstubAllGlobals() puts it back) and
 * answers the mock, whose calls a test may read (or use callsOf).
 */
export function stubApi(...routes: Route[]): Mock<(input: string, init?: RequestInit) => Promise<Response>> {
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    try {
      return await answer(routes, input, init);
    } catch (error) {
      // The screen would only see a network failure; the test sees the broken contract.
      violations.push(error instanceof ContractViolation ? error.message : String(error));
      throw error;
    }
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** What the screen sent to `endpoint`, call by call (the JSON body, or the query's values). */
export function callsOf(
  fetch: Mock<(input: string, init?: RequestInit) => Promise<Response>>,
  endpoint: Endpoint,
): Record<string, unknown>[] {
  return fetch.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url, init }) => matches(endpoint, init?.method ?? 'GET', url.pathname))
    .map(({ url, init }) => payloadOf(url, init));
}
