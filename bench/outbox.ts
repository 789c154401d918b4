/**
 * Outbox delivery rate on the embedded database (PGlite), this machine:
 *   - the floor: how fast the busiest mail-writing endpoint (POST /partner/v1/invites, over HTTP on
 *     loopback, 10 clients) writes mail into the outbox, with the worker stopped;
 *   - the outbox's delivery rate draining those mails through a transport that accepts at once (the
 *     outbox's own cost: claim, send, record), and through real SMTP to a local sink in this process
 *     (which parses every mail, so it is a low estimate of a real relay).
 * The ratio to the floor says whether delivery keeps up with the fastest writer (>= 1: it does).
 * Run: npx tsx bench/outbox.ts [mails, default 500]
 */
import { performance } from 'node:perf_hooks';
import { type MailTransport, smtpTransport } from '../src/server/email/mailer.ts';
import { SmtpSink } from '../tests/support/smtp-sink.ts';
import { startBenchApp } from './bench-app.ts';

const mails = Number(process.argv[2] ?? 500);
const concurrency = 10;

let transport: MailTransport = { send: async () => undefined };
const bench = await startBenchApp({ mailTransport: { send: (mail) => transport.send(mail) } });
const { ctx, db } = bench;
// Writers only: the worker is stopped until the delivery measurements.
await ctx.outbox.stop();

let round = 0;
/** Writes `mails` invitations over HTTP from `concurrency` clients; answers invitations per second. */
async function writeInvitations(): Promise<number> {
  round++;
  let issued = 0;
  const started = performance.now();
  const client = async () => {
    while (issued < mails) {
      const i = issued++;
      const res = await bench.partner('POST', '/invites', {
        email: `bench-${round}-${i}@example.com`,
        name: 'Bench Invitee',
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`POST /invites: HTTP ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  return mails / ((performance.now() - started) / 1000);
}

/** Drains the outbox through `via`; answers mails delivered per second. */
async function deliver(via: MailTransport): Promise<number> {
  transport = via;
  const before = await sentCount();
  const started = performance.now();
  await ctx.outbox.drain();
  const seconds = (performance.now() - started) / 1000;
  const delivered = (await sentCount()) - before;
  if (delivered !== mails) throw new Error(`delivered ${delivered} of ${mails}`);
  return delivered / seconds;
}

async function sentCount(): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM outbox_mail WHERE sent_at IS NOT NULL',
  );
  return row?.n ?? 0;
}

const floor = await writeInvitations();
const instant = await deliver({ send: async () => undefined });

await writeInvitations();
const sink = new SmtpSink();
const smtp = smtpTransport(await sink.start(), '"Bench" <bench@example.com>');
const overSmtp = await deliver(smtp);
if (sink.mails.length !== mails) throw new Error(`the sink received ${sink.mails.length} of ${mails}`);

console.log(`\nOutbox benchmark: PGlite in memory, ${mails} mails per run\n`);
const line = (name: string, rate: number) =>
  console.log(
    `${name.padEnd(58)} ${rate.toFixed(0).padStart(6)} mails/s   ${(rate / floor).toFixed(2)} x floor`,
  );
line('floor: POST /partner/v1/invites writes (10 HTTP clients)', floor);
line('delivery, transport that accepts at once (outbox cost)', instant);
line('delivery, real SMTP to a local sink (pool of 4 connections)', overSmtp);

smtp.close?.();
await sink.stop();
await bench.close();
