import { type ComponentType, lazy } from 'react';

/** SPEC §7: on-demand screens load with a 120000 ms time-out. */
export const screenLoadTimeoutMs = 120_000;

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
) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
        load().then(
          (module) => {
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
}
