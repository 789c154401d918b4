import { type ComponentType, createElement, lazy, useSyncExternalStore } from 'react';
import { loadScreenMessages } from '../i18n/messages.tsx';

/** SPEC §7: on-demand screens load with a 120000 ms time-out. */
const screenLoadTimeoutMs = 120_000;

export type ChunkLoadReason = 'missing' | 'timeout' | 'error';

/** SPEC §8: a failed on-demand script load raises a chunk-load error with reason missing, timeout or error. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    readonly reason: ChunkLoadReason,
    cause?: unknown,
  ) {
    super(`Loading a screen failed (${reason})`, { cause });
  }
}

function reasonOf(error: unknown): ChunkLoadReason {
  const text = String(error);
  return /404|not found|Failed to fetch dynamically imported module/i.test(text) ? 'missing' : 'error';
}

/** A lazily loaded screen: its own chunk, fetched on first render, with the time-out and error of SPEC §7/§8. */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs = screenLoadTimeoutMs,
): ComponentType<P> {
  // The server renders only the first-paint screens: in place of a lazy screen it renders nothing, as
  // the fallback would, and does not suspend (a suspended server render reaches the browser as React
  // error #419). Rendering the screen there once its module had loaded would send a form the member
  // could type into before hydration, and lose what they typed.
  if (import.meta.env.SSR) return () => null;
  const Screen = lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
        // The screen's words come with the first lazy screen (see i18n/messages.tsx).
        Promise.all([load(), loadScreenMessages()]).then(
          ([module]) => {
            clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(new ChunkLoadError(reasonOf(error), error));
          },
        );
      }),
  );
  // While hydrating, the browser renders what the server sent (nothing), then the screen.
  return (props: P) => (useHydrated() ? createElement(Screen, props) : null);
}

const noSubscription = () => () => undefined;

/** False while React hydrates server HTML, true from then on (and in a page rendered in the browser). */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
