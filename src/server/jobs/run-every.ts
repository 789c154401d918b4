/**
 * Runs `job` now, then again `everyMs` after each run has finished: a slow run delays the next one
 * instead of overlapping it (setInterval would pile runs up on a slow database). Each job must be
 * safe to run in several app servers at once on one PostgreSQL (docs/decisions/0024-several-app-servers-on-one-postgresql.md); this only
 * keeps one process from racing itself. Returns a stop function; the timer never holds the process open.
 */
export function runEvery(
  everyMs: number,
  job: () => Promise<unknown>,
  onError: (error: unknown) => void,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = async () => {
    try {
      await job();
    } catch (error) {
      onError(error);
    }
    if (stopped) return;
    timer = setTimeout(tick, everyMs);
    timer.unref();
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
