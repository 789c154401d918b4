import type { AppContext } from '../app-context.ts';
import { sweepMaturedPoints } from './ledger-service.ts';

/** Confirms matured pending points now and every few minutes (reads never wait for it). */
export function startPointsSweep(ctx: AppContext, everyMs = 5 * 60_000): () => void {
  const run = () =>
    void sweepMaturedPoints(ctx.db)
      .then((members) => {
        if (members) ctx.log.info({ members }, 'confirmed matured pending points');
      })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'pending points sweep failed'));
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
