/**
 * TEMPORARY (issue 14): the untyped call helper the screens used before `call(descriptor, body)` in
 * api.ts. Screens move to their feature's api.ts; this file goes when the last caller has moved.
 */
export interface CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Milliseconds before the call gives up (answers null). Default: no time-out. */
  timeoutMs?: number;
  /** Adds the common client context to the body (SPEC §7 "common extra payload"). Default true for POST. */
  withContext?: boolean;
  signal?: AbortSignal;
}

/** The common extra payload: where the member is, so server logs can tell screens apart. */
function clientContext() {
  if (typeof window === 'undefined') return {};
  return {
    context: { path: window.location.pathname, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
  };
}

/**
 * The one call helper of SPEC §7: JSON body, same-origin credentials, POST by default, optional
 * time-out. Answers the parsed JSON (or text) of any HTTP response, or null on any failure to get one.
 */
export async function callApi<T = unknown>(path: string, options: CallOptions = {}): Promise<T | null> {
  const method = options.method ?? 'POST';
  const controller = new AbortController();
  const abort = () => controller.abort();
  options.signal?.addEventListener('abort', abort);
  const timer = options.timeoutMs === undefined ? undefined : setTimeout(abort, options.timeoutMs);
  try {
    const init: RequestInit = { method, credentials: 'same-origin', signal: controller.signal, headers: {} };
    if (method === 'POST') {
      const withContext = options.withContext ?? true;
      const body = { ...(options.body as object | undefined), ...(withContext ? clientContext() : {}) };
      init.headers = { 'content-type': 'application/json', accept: 'application/json' };
      init.body = JSON.stringify(body);
    } else {
      init.headers = { accept: 'application/json' };
    }
    const response = await fetch(path, init);
    const text = await response.text();
    if (!(response.headers.get('content-type') ?? '').includes('json')) return text as T;
    return JSON.parse(text) as T;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abort);
  }
}
