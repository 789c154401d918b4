/**
 * Lighthouse (mobile, its default simulated slow 4G and 4× CPU slow-down) on the production build:
 * Landing signed out and Home signed in (the session cookie sent as an extra header), a few runs
 * each. Prints each run's performance score, LCP, TBT and CLS, how many runs scored 100 and the load
 * average, against the targets in docs/performance.md. Needs `npm run build` and Chromium (CHROME_PATH, default
 * /usr/bin/chromium); run with NODE_ENV=production (`npm run bench` does), so the server renders with
 * React's production build. LIGHTHOUSE_RUNS sets the runs per page (5).
 *
 * Each page is audited once first, unreported, as the HTTP figures have their warm-up: the browser is
 * launched for this benchmark, and the first pages it loads pay once for what a browser in use has
 * ready (its font look-ups, its DevTools session's set-up). Whichever page went first had the worst
 * blocking time (Landing first: 75, 155 and 84 ms in 5 runs against Home's worst 34; Home first: 59
 * against Landing's 42). Lighthouse still clears the page's caches before every run, counted or not.
 * What blocking time is left in a warm browser (0 to about 100 ms, either page, run to run) is one
 * task Lighthouse attributes to no script, at the navigation's start (its "other" work), not the
 * app's scripts, which stay under 50 ms each at 4× (docs/performance.md, "Cross-Origin-Opener-Policy is all of
 * Lighthouse's blocking time on a static page").
 *
 * Two floors are audited in the same browser, in turn with the pages, so each figure can be read
 * against what any page costs on this machine that run: a static page with no script and no
 * stylesheet, served bare, and the same page behind the app's own security headers (copied from its
 * answer). The second is the one to compare with: behind Cross-Origin-Opener-Policy the same static
 * page blocks for longer, in the task that commits the navigation, before any of its own work
 * (docs/performance.md, "Floors for the last three figures").
 */
import { existsSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { defaultWebDist } from '../src/server/web-host/web-host.ts';
import { type BenchApp, benchMember, benchOrigin, median, startBenchApp } from './bench-app.ts';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// What headless Chromium needs on this machine (root, no GPU, no network beyond loopback).
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Page {
  name: string;
  /** Where it is: the app's Landing (Home with the member's cookie), or a floor's page. */
  url: string;
  cookie: string | null;
  targets: { lcp: number } | null;
}
const tbtTarget = 50;

interface Run {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  /** Lighthouse's measure of this machine's speed at that moment (its BenchmarkIndex; higher is faster). */
  benchmarkIndex: number;
}

/** The bench member with a few purchases, so Home's recent activity has rows; answers its cookies. */
async function signedInMember(bench: BenchApp): Promise<string> {
  await bench.createMember();
  for (const n of [1, 2, 3, 4, 5, 6]) {
    const res = await bench.partner('POST', '/purchases', {
      orderId: `lighthouse-${n}`,
      email: benchMember.email,
      channel: n % 2 ? 'in-store' : 'ecommerce',
      storeDisplayName: 'Oxford Street',
      value: 4_500 * n,
      currency: 'GBP',
      points: 45 * n,
    });
    if (res.status !== 201) throw new Error(`POST /purchases: HTTP ${res.status} ${await res.text()}`);
  }
  const login = await fetch(`${bench.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: benchOrigin },
    body: JSON.stringify({ username: benchMember.email, password: benchMember.password }),
  });
  if (login.status !== 200) throw new Error(`POST /api/login: HTTP ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .join('; ');
}

/** One Lighthouse run; a run whose trace Lighthouse could not record (it says to run again) is run again once. */
async function audit(url: string, port: number, cookie: string | null, retry = true): Promise<Run> {
  try {
    return await auditOnce(url, port, cookie);
  } catch (error) {
    if (!retry) throw error;
    console.log(`    (run again: ${(error as Error).message})`);
    return audit(url, port, cookie, false);
  }
}

async function auditOnce(url: string, port: number, cookie: string | null): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (process.env.LIGHTHOUSE_SAVE) {
    const name = `${cookie ? 'home' : 'landing'}-${Date.now()}.json`;
    writeFileSync(join(process.env.LIGHTHOUSE_SAVE, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    fcp: value('first-contentful-paint'),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

/** A page's runs and its summary; `floorTbt`, the worst TBT of the floor behind the app's headers. */
function report(page: Page, results: Run[], floorTbt: number | null) {
  console.log(`  ${page.name}`);
  results.forEach((run, i) => {
    console.log(
      `    run ${i + 1}: score ${run.score}, FCP ${run.fcp.toFixed(0)} ms, LCP ${run.lcp.toFixed(0)} ms, TBT ${run.tbt.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, machine ${run.benchmarkIndex}`,
    );
  });
  const hundreds = results.filter((r) => r.score === 100).length;
  const lcp = median(results.map((r) => r.lcp));
  const tbt = Math.max(...results.map((r) => r.tbt));
  const cls = Math.max(...results.map((r) => r.cls));
  const target = (text: string) => (page.targets ? ` (${text})` : '');
  console.log(
    `  → ${hundreds}/${runs} runs scored 100${target('target ≥ 4/5')}; median LCP ${lcp.toFixed(0)} ms${target(`target ≤ ${page.targets?.lcp}`)}; worst TBT ${tbt.toFixed(0)} ms${target(`target ≤ ${tbtTarget}`)}${floorTbt === null ? '' : `, the headers' floor's worst ${floorTbt.toFixed(0)} ms (${tbt >= floorTbt ? '+' : '−'}${Math.abs(tbt - floorTbt).toFixed(0)})`}; worst CLS ${cls.toFixed(3)}${target('target 0')}`,
  );
}

/** Headers of the app's answer that are its own rules, not the body's description or the connection's. */
const notRules = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'date',
  'connection',
  'keep-alive',
  'vary',
  'etag',
  'cache-control',
  'set-cookie',
  'link',
]);

/**
 * The floors' pages: `/bare` a static page served with nothing but its type, `/with-headers` the same
 * page with the security headers the app's Landing is served with.
 */
async function startFloorPages(appBase: string): Promise<{ server: Server; base: string }> {
  const landing = await fetch(`${appBase}/`);
  await landing.arrayBuffer();
  const rules = Object.fromEntries([...landing.headers].filter(([name]) => !notRules.has(name)));
  const page =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title></head><body><h1>A static page</h1><p>No script, no stylesheet: what any page costs here.</p></body></html>';
  const server = createServer((request, response) => {
    const headers = request.url === '/with-headers' ? rules : {};
    response.writeHead(200, {
      ...headers,
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function main() {
  if (!existsSync(defaultWebDist)) throw new Error('No web build: run `npm run build` first.');
  if (process.env.NODE_ENV !== 'production')
    console.warn('NODE_ENV is not production: the server renders with React’s development build.');
  const bench = await startBenchApp({ webDist: defaultWebDist });
  const floors = await startFloorPages(bench.base);
  const chrome = await launch({ chromePath, chromeFlags, logLevel: 'silent' });
  try {
    const cookie = await signedInMember(bench);
    const headersFloor: Page = {
      name: 'floor: static page, no script, behind the app’s headers',
      url: `${floors.base}/with-headers`,
      cookie: null,
      targets: null,
    };
    const pages: Page[] = [
      { name: 'floor: static page, no script', url: `${floors.base}/bare`, cookie: null, targets: null },
      headersFloor,
      { name: 'Landing', url: `${bench.base}/`, cookie: null, targets: { lcp: 900 } },
      { name: 'Home (signed in)', url: `${bench.base}/`, cookie, targets: { lcp: 1200 } },
    ];
    console.log(`\nLighthouse mobile, ${runs} runs a page, the pages in turn (load ${load()})`);
    // Each page once first, unreported (see above); then round after round, every page once a
    // round, so a busy moment of the machine falls on the floors as much as on the pages.
    for (const page of pages) await audit(page.url, chrome.port, page.cookie);
    const results = new Map<Page, Run[]>(pages.map((page) => [page, []]));
    for (let i = 0; i < runs; i++) {
      for (const page of pages) results.get(page)?.push(await audit(page.url, chrome.port, page.cookie));
    }
    // The app's pages against the floor they share their headers with: the same run's worst TBT.
    const floorTbt = Math.max(...(results.get(headersFloor) ?? []).map((r) => r.tbt));
    for (const page of pages) report(page, results.get(page) ?? [], page.targets ? floorTbt : null);
    console.log(`  load average after: ${load()}`);
  } finally {
    chrome.kill();
    await bench.close();
    floors.server.close();
  }
}

await main();
