/**
 * The load generator's own process (started by http-bench.ts): it runs each job it is sent with
 * autocannon and answers the figures. Apart from the server under test, so that the client's CPU and
 * garbage collection are not spent on the server's event loop and do not count in its latencies.
 */
import autocannon from 'autocannon';
import { type BodySpec, bodyMaker } from './load-bodies.ts';

export interface LoadJob {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** The same body each time… */
  body?: string;
  /** …or a new one each time. */
  bodies?: BodySpec;
  concurrency: number;
  seconds: number;
}

export interface LoadFigures {
  requests: number;
  perSecond: number;
  /** Milliseconds from a request's first byte written to its answer's last byte read. */
  p50: number;
  p95: number;
  p99: number;
}

/** Long enough for the slowest request measured (a sign-in, tens of milliseconds) to be answered. */
const settleMs = 300;

async function run(job: LoadJob): Promise<LoadFigures> {
  const latencies: number[] = [];
  /** How many answers had each status that is not 2xx: a failed run says which. */
  const refused = new Map<number, number>();
  const nextBody = job.bodies ? bodyMaker(job.bodies) : null;
  const options: autocannon.Options = {
    url: job.url,
    method: job.method ?? 'GET',
    headers: job.headers ?? {},
    ...(job.body === undefined ? {} : { body: job.body }),
    connections: job.concurrency,
    duration: job.seconds,
    ...(nextBody ? { requests: [{ setupRequest: (request) => ({ ...request, body: nextBody() }) }] } : {}),
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    instance.on('response', (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (status < 200 || status > 299) refused.set(status, (refused.get(status) ?? 0) + 1);
    });
  });
  // autocannon stops at the deadline without waiting for the answers still due: the server is still
  // working on up to `connections` requests. Left alone, they overlap the next job (the warm-up's
  // with the measured run): sign-ins then meet twice the parallel attempts the client sends, and
  // the throttle refuses the sixth at once on one account (HTTP 429, which is its rule, not a fault).
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0)
    throw new Error(
      `${failed} of ${result.requests.total} requests failed (${result.non2xx} not 2xx${[...refused].map(([status, n]) => `, ${n} × HTTP ${status}`).join('')}; ${result.errors} errors, ${result.timeouts} timeouts)`,
    );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    perSecond: latencies.length / ((result.finish.getTime() - result.start.getTime()) / 1000),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
  };
}

process.on('message', (message: { id: number; job: LoadJob }) => {
  run(message.job).then(
    (figures) => process.send?.({ id: message.id, figures }),
    (error: Error) => process.send?.({ id: message.id, error: error.message }),
  );
});
// The benchmark closes the channel when done (or exits): this process has nothing else to wait for.
process.on('disconnect', () => process.exit(0));
