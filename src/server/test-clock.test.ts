import { describe, expect, it } from 'vitest';
import { parseEnvironment } from './config/environment.ts';
import { openPglite } from './db/pglite.ts';
import { followTestClock, startTestClock, testClockRefusal } from './test-clock.ts';

const realNow = Date.now;

describe('who may run a server on the test clock', () => {
  const asked = (env: Record<string, string | undefined>) => () => parseEnvironment(env).testClock;

  it('the test harness: NODE_ENV=test, LOYALTY_TEST_CLOCK=1, its IPC channel, the embedded database', () => {
    expect(asked({ NODE_ENV: 'test', LOYALTY_TEST_CLOCK: '1' })()).toBe(true);
    expect(testClockRefusal({ hasIpcChannel: true, databaseUrl: undefined })).toBeNull();
  });

  it('nobody else: asked for anywhere but a test, it stops the start', () => {
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(asked({ NODE_ENV, LOYALTY_TEST_CLOCK: '1' })).toThrow(
        'LOYALTY_TEST_CLOCK is for the test harness only: it needs NODE_ENV=test. Unset it.',
      );
    }
    expect(asked({ NODE_ENV: 'test', LOYALTY_TEST_CLOCK: 'true' })).toThrow(
      'LOYALTY_TEST_CLOCK must be 1 or unset.',
    );
    expect(testClockRefusal({ hasIpcChannel: false, databaseUrl: undefined })).toBe(
      'LOYALTY_TEST_CLOCK needs the IPC channel of the test harness that spawned this server.',
    );
    expect(testClockRefusal({ hasIpcChannel: true, databaseUrl: 'postgres://db/loyalty' })).toBe(
      "LOYALTY_TEST_CLOCK moves the embedded database's clock; PostgreSQL (DATABASE_URL) keeps its own.",
    );
  });

  it('unset (or empty, as a compose file leaves it), there is no test clock in any mode', () => {
    expect(asked({ NODE_ENV: 'production' })()).toBe(false);
    expect(asked({ NODE_ENV: 'test', LOYALTY_TEST_CLOCK: '' })()).toBe(false);
    expect(startTestClock({ testClock: false, databaseUrl: undefined })).toBe(false);
    expect(Date.now).toBe(realNow);
  });
});

describe('a thread on the test clock', () => {
  it('reads real time plus the offset from Date.now(), new Date() and Date(); dates from a value stay', () => {
    const RealDate = Date;
    const buffer = new SharedArrayBuffer(8);
    const offset = new BigInt64Array(buffer);
    const restore = followTestClock(buffer);
    try {
      const before = Date.now();
      Atomics.store(offset, 0, 3_600_000n);
      expect(Date.now() - before).toBeGreaterThanOrEqual(3_600_000);
      expect(Date.now() - before).toBeLessThan(3_660_000);
      const made = new Date();
      expect(made.getTime() - before).toBeGreaterThanOrEqual(3_600_000);
      expect(new Date(Date()).getTime() - before).toBeGreaterThanOrEqual(3_599_000);
      expect(new Date(0).getTime()).toBe(0);
      expect(new Date('2026-03-01T10:00:00Z').toISOString()).toBe('2026-03-01T10:00:00.000Z');
      expect(new Date()).toBeInstanceOf(Date);
    } finally {
      restore();
    }
    expect(Date).toBe(RealDate);
  });

  // The mechanism rests on this: PGlite's wall clock is its thread's Date.now(), so the database's
  // now() and its column defaults move with the server's clock. A PGlite that stopped reading it
  // would fail here rather than leave the browser journeys on a half-moved clock.
  it("moves the embedded database's now() and its column defaults with it", async () => {
    const buffer = new SharedArrayBuffer(8);
    const restore = followTestClock(buffer);
    const db = await openPglite(null);
    try {
      await db.exec('CREATE TABLE stamps (id int, at timestamptz DEFAULT now())');
      const real = Date.now();
      Atomics.store(new BigInt64Array(buffer), 0, 86_400_000n);
      const [row] = await db.query<{ now: Date }>('SELECT now() AS now');
      expect((row?.now.getTime() ?? 0) - real).toBeGreaterThanOrEqual(86_400_000);
      expect((row?.now.getTime() ?? 0) - real).toBeLessThan(86_460_000);
      await db.query('INSERT INTO stamps (id) VALUES (1)');
      const [stamp] = await db.query<{ at: Date }>('SELECT at FROM stamps');
      expect((stamp?.at.getTime() ?? 0) - real).toBeGreaterThanOrEqual(86_400_000);
    } finally {
      await db.close();
      restore();
    }
  }, 60_000);
});
