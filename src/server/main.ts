import { buildApp } from './app.ts';
import { loadSettings } from './config/load-config.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { demoMember, isEmpty, seedDemo } from './demo/demo-data.ts';
import { developmentTransport, senderAddress, smtpTransport } from './email/mailer.ts';
import { runEvery } from './jobs/run-every.ts';
import { resolvePartnerApiKey } from './operator/operator-key.ts';
import { startPointsSweep } from './points/points-sweep.ts';
import { sessionService } from './sessions/session-service.ts';
import { defaultWebDist } from './web-host/web-host.ts';

/** Entry: read configuration, open the database, migrate, seed an empty one, listen. */
async function main(): Promise<void> {
  // Whatever the server creates (data, mail, keys) is readable by its own user only.
  process.umask(0o077);
  let settings: ReturnType<typeof loadSettings>;
  try {
    settings = loadSettings();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const db = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir }).catch(
    (error: unknown) => {
      if (!(error instanceof DataDirInUseError)) throw error;
      console.error(error.message);
      process.exit(1);
    },
  );
  await migrate(db, (line) => console.log(line));
  const partnerApiKey = await resolvePartnerApiKey({
    configured: settings.partnerApiKey,
    production: settings.production,
    dataDir: settings.dataDir,
  });
  const from = senderAddress(settings.config.title, settings.config.emailFrom);
  // Without SMTP_URL the outbox table is the mailbox (/dev/mailbox): delivering only logs the links.
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
    },
    { webDist: defaultWebDist, logger: { level: process.env.LOG_LEVEL ?? 'info' } },
  );
  const seeded = !settings.production && (await isEmpty(ctx)) ? await seedDemo(ctx) : null;
  // Both sweeps are safe with several app servers on one PostgreSQL (docs/decisions.md).
  const stopJobs = [
    runEvery(
      3_600_000,
      () => ctx.sessions.sweep(db),
      (error) => app.log.error(error),
    ),
    startPointsSweep(ctx),
  ];

  await app.listen({ port: settings.port, host: settings.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  console.log(`\n  ${settings.config.title} is running at http://localhost:${port}\n`);
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

await main();
