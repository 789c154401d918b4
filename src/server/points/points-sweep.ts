import type { AppContext } from '../app-context.ts';
import { runEvery } from '../jobs/run-every.ts';
import { sweepMaturedPoints } from './pending-points.ts';

/**
 * Confirms matured pending points now and every few minutes (reads never wait for it). Safe in every
 * app server at once: each member is confirmed under their account's row lock by a conditional
 * update, so a second sweeper finds nothing left to confirm (points-sweep.api.test.ts).
 */
export function startPointsSweep(ctx: AppContext, everyMs = 5 * 60_000): () => void {
  return runEvery(
    everyMs,
    async () => {
      const members = await sweepMaturedPoints(ctx.db);
      if (members) ctx.log.info({ members }, 'confirmed matured pending points');
    },
    (error) => ctx.log.error({ err: error }, 'pending points sweep failed'),
  );
}
