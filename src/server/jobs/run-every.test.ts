import { describe, expect, it } from 'vitest';
import { runEvery } from './run-every.ts';

describe('runEvery', () => {
  it('background jobs: a run slower than the interval delays the next run instead of overlapping it', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const stop = runEvery(
      5,
      async () => {
        runs++;
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 40));
        running--;
      },
      () => undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
  });

  it('background jobs: a failing run is reported and the job keeps its schedule', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const stop = runEvery(
      5,
      async () => {
        runs++;
        throw new Error('database away');
      },
      (error) => errors.push(error),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(errors.length).toBe(runs);
  });
});
