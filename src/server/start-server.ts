import { buildApp } from './app.ts';
import { startAppointmentReminders } from './appointments/reminder-job.ts';
import type { ServerSettings } from './config/load-config.ts';
import type { Database } from './db/database.ts';
import { whenOpen } from './db/when-open.ts';
import { demoMember, isEmpty, seedDemo } from './demo/demo-data.ts';
import { developmentTransport, senderAddress, smtpTransport } from './email/mailer.ts';
import { startEventReminders } from './events/event-reminders.ts';
import { runEvery } from './jobs/run-every.ts';
import { resolvePartnerApiKey } from './partner/operator-key.ts';
import { startExpiryJob } from './points/expiry-job.ts';
import { startPointsSweep } from './points/points-sweep.ts';
import { isLoopbackHost } from './security/loopback.ts';
import { sessionService } from './sessions/session-service.ts';
import { sweepStaffSessions } from './staff/staff-sessions.ts';
import type { StartTimings } from './start-timings.ts';
import { defaultWebDist } from './web-host/web-host.ts';

/**
 * Builds the app while the database opens (main.ts), then, once it is open and migrated, seeds an
 * empty one and listens.
 */
export async function startServer(
  settings: ServerSettings,
  database: Promise<Database>,
  timings: StartTimings,
): Promise<void> {
  const db = whenOpen(database, settings.databaseUrl ? 'postgres' : 'pglite');
  const partnerApiKey = await resolvePartnerApiKey({
    configured: settings.partnerApiKey,
    production: settings.production,
    dataDir: settings.dataDir,
  });
  const from = senderAddress(settings.config.title, settings.config.emailFrom);
  // Without SMTP_URL the outbox table is the mailbox (/dev/mailbox): delivering only logs that a mail is there.
  const mailTransport = settings.smtpUrl
    ? smtpTransport(settings.smtpUrl, from)
    : developmentTransport((line) => console.log(line));
  const { app, ctx } = await buildApp(
    {
      config: settings.config,
      db,
      sessions: sessionService(settings.config),
      mailTransport,
      origin: settings.origin,
      production: settings.production,
      dataDir: settings.dataDir,
      partnerApiKey,
      metricsKey: settings.metricsKey ?? null,
    },
    { webDist: defaultWebDist, logger: { level: settings.logLevel } },
  );
  timings.lap('app');
  await database;
  timings.lap('waiting for the database');
  const seeded = !settings.production && (await isEmpty(ctx)) ? await seedDemo(ctx) : null;
  if (seeded) timings.lap('demo data');
  // Every job is safe with several app servers on one PostgreSQL (docs/decisions/0024-several-app-servers-on-one-postgresql.md).
  const stopJobs = [
    runEvery(
      3_600_000,
      () => ctx.sessions.sweep(db),
      (error) => app.log.error(error),
    ),
    runEvery(
      600_000,
      () => sweepStaffSessions(ctx),
      (error) => app.log.error(error),
    ),
    startPointsSweep(ctx),
    // Points expiry and its reminders, when pointsExpiry.months is set.
    startExpiryJob(ctx),
    // The day-before reminder of each appointment, once.
    startAppointmentReminders(ctx),
    // The day-before reminder to everyone attending an event, once.
    startEventReminders(ctx),
  ].filter((stop) => stop !== null);
  // Marketing mail: campaigns due (a private sale's start) are written to the outbox in batches.
  ctx.marketingMail.start();

  await app.listen({ port: settings.port, host: settings.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  timings.lap('listen');
  // Before the "is running at" line, which is what test harnesses wait for.
  console.log(`\n  Started in ${timings.summary()}`);
  for (const line of startupLines(settings, port)) console.log(line);
  if (seeded || !settings.production) {
    console.log(`  Demo member: ${demoMember.email} / ${demoMember.password}\n`);
  }

  const stop = async () => {
    for (const stopJob of stopJobs) stopJob();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** What the operator needs to know once the server listens: where, who can reach it, where mail goes. */
function startupLines(settings: ServerSettings, port: number): string[] {
  const local = `http://localhost:${port}`;
  const lines = [
    '',
    `  ${settings.config.title} is running at ${settings.production ? settings.origin : local}`,
    isLoopbackHost(settings.host)
      ? `  Listening on ${settings.host} only (this machine). To open it to the network: HOST=0.0.0.0`
      : `  Listening on ${settings.host}, port ${port}`,
  ];
  if (!settings.smtpUrl) {
    lines.push(
      `  Emails are kept in the development outbox, not sent: read them at ${local}/dev/mailbox (from this machine only)`,
    );
  }
  lines.push('');
  return lines;
}
