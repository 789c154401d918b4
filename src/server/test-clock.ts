/**
 * A clock the browser journeys move forward instead of sleeping: "a minute later" or "the invitation
 * has expired" in milliseconds, not in a minute of real time.
 *
 * The server reads time in two places: JavaScript's Date and the database's now(), which is most of
 * it (session age, link and invitation expiry, throttles, column defaults). The embedded database
 * is PostgreSQL compiled to WebAssembly, whose wall clock is its thread's Date.now(), so shifting
 * Date in the server's thread and in the database's thread moves both together and the server sees
 * one consistent later moment. Durations (performance.now(), timers) are not shifted. Time only
 * moves forward, as real time does.
 *
 * Who may move it: only the process that spawned the server, over Node's IPC channel, which a
 * network client cannot reach; there is no route for it. It is on only when LOYALTY_TEST_CLOCK=1 is
 * set together with NODE_ENV=test and the IPC channel exists; set in any other way it stops the
 * start (environment.ts, startTestClock), so a production server (NODE_ENV=production, or unset)
 * cannot run on a movable clock, nor a test run silently without the clock it asked for. PostgreSQL
 * keeps its own clock, so a server on DATABASE_URL refuses it too.
 */

/** Parent to server: move the clock `ms` milliseconds forward. */
export interface AdvanceClockMessage {
  testClock: 'advance';
  ms: number;
}

/** Server to parent: the clock moved; `offsetMs` is how far ahead of real time it now is. */
export type ClockReply =
  | { testClock: 'advanced'; offsetMs: number }
  | { testClock: 'refused'; reason: string };

/** The furthest one step may move: far beyond any expiry the configuration allows (ten years). */
const maxStepMs = 10 * 366 * 24 * 3_600_000;

/** The offset this process's threads share (main thread; undefined without a test clock). */
let shared: SharedArrayBuffer | undefined;

/** The offset the embedded database's thread follows (pglite-thread.ts hands it over). */
export function testClockBuffer(): SharedArrayBuffer | undefined {
  return shared;
}

/**
 * Makes this thread's Date read real time plus the offset in `buffer`: Date.now(), `new Date()` and
 * `Date()`. Dates built from a value are untouched. Answers how to put the real Date back (tests).
 */
export function followTestClock(buffer: SharedArrayBuffer): () => void {
  const offset = new BigInt64Array(buffer);
  const RealDate = globalThis.Date;
  const realNow = RealDate.now;
  const now = () => realNow() + Number(Atomics.load(offset, 0));
  const ShiftedDate: DateConstructor = new Proxy(RealDate, {
    construct: (target, args, newTarget): object =>
      Reflect.construct(
        target,
        args.length === 0 ? [now()] : args,
        newTarget === ShiftedDate ? target : newTarget,
      ),
    apply: () => new RealDate(now()).toString(),
    get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
  });
  globalThis.Date = ShiftedDate;
  return () => {
    globalThis.Date = RealDate;
  };
}

/**
 * Why a server asked for the test clock (NODE_ENV=test and LOYALTY_TEST_CLOCK=1: environment.ts
 * refuses any other way) may not have it, or null.
 */
export function testClockRefusal(server: { databaseUrl: string | undefined; hasIpcChannel: boolean }) {
  if (!server.hasIpcChannel)
    return 'LOYALTY_TEST_CLOCK needs the IPC channel of the test harness that spawned this server.';
  if (server.databaseUrl)
    return "LOYALTY_TEST_CLOCK moves the embedded database's clock; PostgreSQL (DATABASE_URL) keeps its own.";
  return null;
}

function isAdvance(message: unknown): message is AdvanceClockMessage {
  if (typeof message !== 'object' || message === null) return false;
  const { testClock, ms } = message as Record<string, unknown>;
  return (
    testClock === 'advance' && Number.isSafeInteger(ms) && (ms as number) > 0 && (ms as number) <= maxStepMs
  );
}

/**
 * Starts the test clock when the settings ask for it (before the database opens, so its thread
 * follows the same clock); throws the refusal when this start may not have it. Answers whether the
 * clock is on.
 */
export function startTestClock(settings: { testClock: boolean; databaseUrl: string | undefined }): boolean {
  if (!settings.testClock) return false;
  const refusal = testClockRefusal({
    databaseUrl: settings.databaseUrl,
    hasIpcChannel: typeof process.send === 'function',
  });
  if (refusal) throw new Error(refusal);
  shared = new SharedArrayBuffer(BigInt64Array.BYTES_PER_ELEMENT);
  const offset = new BigInt64Array(shared);
  followTestClock(shared);
  process.on('message', (message: unknown) => {
    if (typeof message !== 'object' || message === null || !('testClock' in message)) return;
    let reply: ClockReply;
    if (isAdvance(message)) {
      const moved = Atomics.add(offset, 0, BigInt(message.ms)) + BigInt(message.ms);
      reply = { testClock: 'advanced', offsetMs: Number(moved) };
    } else {
      reply = {
        testClock: 'refused',
        reason: 'expected { testClock: "advance", ms: a positive whole number }',
      };
    }
    process.send?.(reply);
  });
  // Listening must not keep a server that is shutting down alive.
  (process.channel as { unref?: () => void } | undefined)?.unref?.();
  return true;
}
