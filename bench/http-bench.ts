import { type ChildProcess, fork } from 'node:child_process';
import type { LoadFigures, LoadJob } from './load-client.ts';

export interface Figures extends LoadFigures {
  name: string;
}

type Options = {
  concurrency: number;
  seconds: number;
  /** This figure's unmeasured seconds first, instead of BENCH_WARMUP_SECONDS. */
  warmupSeconds?: number;
};

/** What a request of a measured call is: a URL, and what a job adds to it (load-client.ts). */
export type LoadRequest = Omit<LoadJob, 'concurrency' | 'seconds'>;

/** Seconds of the same load sent first and not measured (BENCH_WARMUP_SECONDS, default 1). */
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);

/**
 * `concurrency` clients send `request` back to back for `seconds`, from the load client's own process
 * (load-client.ts, autocannon): a client in the server's process would spend the server's event loop
 * on its own work and its garbage collection, and its pauses would count in every latency. Each
 * client keeps one connection; like a browser (and fetch), it accepts brotli and gzip.
 *
 * The same load runs for `warmupSeconds` first, unmeasured, floors and app alike: a server in use
 * runs code V8 has already optimised, and without it a route's first seconds of compiling (a quarter
 * of the server's CPU in a purchase run's first seconds, perf) counted against the app more than
 * against a floor of a few lines.
 */
export async function measure(name: string, request: LoadRequest, options: Options): Promise<Figures> {
  const headers = { 'accept-encoding': 'gzip, deflate, br', ...request.headers };
  const { warmupSeconds: warmup = warmupSeconds, ...load } = options;
  if (warmup > 0) await loadClient().run({ ...request, headers, ...load, seconds: warmup });
  const figures = await loadClient().run({ ...request, headers, ...load });
  return report(name, { name, ...figures }, options);
}

/** The same figures for work that is not a request (a hash): `concurrency` loops in this process. */
export async function measureInProcess(
  name: string,
  work: () => Promise<unknown>,
  options: Options,
): Promise<Figures> {
  const latencies: number[] = [];
  const deadline = Date.now() + options.seconds * 1000;
  const loop = async () => {
    while (Date.now() < deadline) {
      const started = performance.now();
      await work();
      latencies.push(performance.now() - started);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const figures = { requests: latencies.length, perSecond: latencies.length / elapsed };
  return report(name, { name, ...figures, p50: at(0.5), p95: at(0.95), p99: at(0.99) }, options);
}

function report(name: string, result: Figures, options: Options): Figures {
  console.log(
    `${name.padEnd(44)} ${result.perSecond.toFixed(0).padStart(7)} req/s   p50 ${result.p50.toFixed(1)} ms   p95 ${result.p95.toFixed(1)} ms   p99 ${result.p99.toFixed(1)} ms   (${result.requests} requests, ${options.concurrency} clients)`,
  );
  return result;
}

let client: ReturnType<typeof startLoadClient> | null = null;

/** The load client's process, started at the first measure; it keeps this one alive only while busy. */
function loadClient() {
  client ??= startLoadClient();
  return client;
}

function startLoadClient() {
  // Plain `node --import tsx`: none of this process's own flags (a profiler's, say) go to the client.
  const child: ChildProcess = fork(new URL('./load-client.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
  });
  const waiting = new Map<number, { resolve(f: LoadFigures): void; reject(e: Error): void }>();
  let jobs = 0;
  const idle = () => {
    child.channel?.unref();
    child.unref();
  };
  child.on('message', (message: { id: number; figures?: LoadFigures; error?: string }) => {
    const job = waiting.get(message.id);
    waiting.delete(message.id);
    if (waiting.size === 0) idle();
    if (message.figures) job?.resolve(message.figures);
    else job?.reject(new Error(`load client: ${message.error}`));
  });
  child.on('exit', (code) => {
    for (const job of waiting.values()) job.reject(new Error(`load client exited (${code})`));
    waiting.clear();
    client = null;
  });
  return {
    run(job: LoadJob): Promise<LoadFigures> {
      jobs += 1;
      const id = jobs;
      child.ref();
      child.channel?.ref();
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.send({ id, job });
      });
    },
  };
}
