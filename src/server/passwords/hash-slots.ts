import { availableParallelism } from 'node:os';

/**
 * Runs `work` once one of `slots` is free, in the order callers asked; a slot is given back when the
 * work settles, whether it succeeded or threw.
 */
export function slotted(slots: number): <T>(work: () => Promise<T>) => Promise<T> {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (busy < slots) busy++;
    // The slot passes straight to the waiter: `busy` stays as it is.
    else await new Promise<void>((take) => waiting.push(take));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else busy--;
    }
  };
}

/**
 * How many argon2id hashes run at once: one per core, and never every thread of libuv's pool, which
 * hashes share with file reads and compression (4 threads, libuv's default; the app keeps it).
 * - More hashes than cores do no more work: they take turns on the cores, and each one's 19 MiB
 *   evicts the others' from the caches. Two at a time on two cores did 5-8% more hashes a second
 *   than four, and sign-ins followed.
 * - A burst of sign-ins held all four threads: a static file or a compressed page waited behind a
 *   hash (26 ms). With two threads left free, the landing page during a burst of sign-ins answered
 *   in 4.4-5.1 ms (p50) against 7.1-8.4 ms, and /favicon.svg in 0.8-2.9 against 3.4-4.3 ms.
 */
export function hashesAtOnce(cores = availableParallelism(), pool = 4): number {
  return Math.max(1, Math.min(cores, pool - 1));
}
