import type { Descriptor, RequestOf, ResponseOf } from '#shared/api/descriptor.ts';
import type { MemberErrorCode } from '#shared/api/error-codes.ts';
import { failuresEnGB } from './i18n/failures-en-GB.ts';

/** Why a call failed: a code from the shared list, or `Unreachable` when no answer came at all. */
export type FailureCode = MemberErrorCode | 'Unreachable' | 'Unknown';

/** A failed call. Screens show the words of their catalogue for `code`, never `message`. */
export interface Failure {
  ok: false;
  /** The HTTP status; 0 when no answer came (network failure, time-out). */
  status: number;
  code: FailureCode;
  /** The server's code as sent, also one outside the members' list (the staff console words those); '' without one. */
  serverCode: string;
  /** The server's English sentence: for logs and error reports only. */
  message: string;
  /** Field name → the server's English problem with it (screens show their own words per field). */
  fieldErrors: Record<string, string>;
  /** The rest of the failure body: the flags SPEC §7 names beside the code (`failOver`, `isExpired`, …). */
  details: Record<string, unknown>;
}

export type CallResult<T> = { ok: true; status: number; data: T } | Failure;

export interface CallOptions {
  /** Milliseconds before the call gives up (an `Unreachable` failure). Default: no time-out. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Values of the path's `:name` parameters. */
  params?: Record<string, string>;
  /** The request outlives the page (fetch's keepalive): sent even if the page is left meanwhile. */
  keepalive?: boolean;
}

/**
 * The one call helper of SPEC §7: calls the endpoint `descriptor` names with its typed request (JSON
 * body for POST with the common client context, query string for GET), same-origin credentials, an
 * optional time-out. Answers a discriminated result: the typed data, or a failure with its code.
 */
export async function call<D extends Descriptor>(
  descriptor: D,
  payload?: RequestOf<D>,
  options: CallOptions = {},
): Promise<CallResult<ResponseOf<D>>> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  options.signal?.addEventListener('abort', abort);
  const timer = options.timeoutMs === undefined ? undefined : setTimeout(abort, options.timeoutMs);
  try {
    const response = await fetch(urlOf(descriptor, payload, options.params), {
      ...requestInit(descriptor, payload, controller),
      keepalive: options.keepalive === true,
    });
    const body = await readJson(response);
    if (response.ok && !(isObject(body) && body.success === false)) {
      return { ok: true, status: response.status, data: body as ResponseOf<D> };
    }
    return failureOf(response.status, body);
  } catch {
    return unreachable();
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abort);
  }
}

function urlOf(descriptor: Descriptor, payload: unknown, params: Record<string, string> = {}): string {
  const path = descriptor.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  if (descriptor.method !== 'GET' || !isObject(payload)) return path;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

function requestInit(descriptor: Descriptor, payload: unknown, controller: AbortController): RequestInit {
  const init: RequestInit = {
    method: descriptor.method,
    credentials: 'same-origin',
    signal: controller.signal,
  };
  if (descriptor.method === 'GET') {
    init.headers = { accept: 'application/json' };
    return init;
  }
  init.headers = { 'content-type': 'application/json', accept: 'application/json' };
  init.body = JSON.stringify({ ...(isObject(payload) ? payload : {}), ...clientContext() });
  return init;
}

/** The common extra payload (SPEC §7): where the member is, so server logs can tell screens apart. */
function clientContext() {
  if (typeof window === 'undefined') return {};
  return {
    context: { path: window.location.pathname, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
  };
}

async function readJson(response: Response): Promise<unknown> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return null;
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function failureOf(status: number, body: unknown): Failure {
  if (!isObject(body)) return { ...unreachable(), status, code: 'Unknown' };
  const { success: _success, error, message, fieldErrors, ...details } = body;
  return {
    ok: false,
    status,
    code: isFailureCode(error) ? error : 'Unknown',
    serverCode: typeof error === 'string' ? error : '',
    message: typeof message === 'string' ? message : '',
    fieldErrors: isObject(fieldErrors) ? (fieldErrors as Record<string, string>) : {},
    details,
  };
}

/**
 * A code a screen has words for. Asked of the catalogue that is in the first load anyway, which has
 * words for exactly the member codes (its type says so): the list in error-codes.ts would add itself.
 */
function isFailureCode(value: unknown): value is FailureCode {
  return typeof value === 'string' && Object.hasOwn(failuresEnGB, value);
}

function unreachable(): Failure {
  return {
    ok: false,
    status: 0,
    code: 'Unreachable',
    serverCode: '',
    message: '',
    fieldErrors: {},
    details: {},
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
