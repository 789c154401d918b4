/** A tiny closed-loop load generator: `concurrency` clients send requests back to back for `seconds`. */
export async function measure(
  name: string,
  send: () => Promise<Response>,
  options: { concurrency: number; seconds: number },
): Promise<{ name: string; requests: number; perSecond: number; p50: number; p95: number; p99: number }> {
  const latencies: number[] = [];
  const deadline = Date.now() + options.seconds * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const started = performance.now();
      const response = await send();
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
      latencies.push(performance.now() - started);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const result = {
    name,
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
  };
  console.log(
    `${name.padEnd(44)} ${result.perSecond.toFixed(0).padStart(7)} req/s   p50 ${result.p50.toFixed(1)} ms   p95 ${result.p95.toFixed(1)} ms   p99 ${result.p99.toFixed(1)} ms   (${result.requests} requests, ${options.concurrency} clients)`,
  );
  return result;
}
