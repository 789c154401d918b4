import { readFileSync } from 'node:fs';
import { type Config, parseConfig } from '#shared/config.ts';
import { withDemoContact } from '../demo/demo-contact.ts';
import { type Environment, readEnvironment } from './environment.ts';

/** Settings of the running process: the configuration file plus secrets and places from the environment. */
export interface ServerSettings {
  config: Config;
  port: number;
  /** The interface to listen on: loopback outside production unless HOST says otherwise. */
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The pool, its timeouts and the pooler's mode (DATABASE_URL only). */
  postgres: Environment['postgres'];
  smtpUrl: string | undefined;
  partnerApiKey: string | undefined;
  metricsKey: string | undefined;
  production: boolean;
  /** The origin members use; the only one allowed to change state. */
  origin: string;
  logLevel: Environment['logLevel'];
  /** The browser journeys' movable clock (test-clock.ts): NODE_ENV=test and LOYALTY_TEST_CLOCK=1 only. */
  testClock: boolean;
}

/** Where the server listens when HOST is unset (docs/operating.md, "Environment variables"). */
const defaultHost = {
  /** Behind a proxy or in a container the server must be reachable from outside itself. */
  production: '0.0.0.0',
  /** A development server (demo member, /dev/mailbox) stays on this machine until HOST=0.0.0.0. */
  development: '127.0.0.1',
} as const;

/**
 * Reads the LOYALTY_CONFIG file named in the environment; throws with the bad key named. Secrets that
 * may come from the environment instead of the file are folded into the config here. Production
 * refuses what would make it unsafe (see productionProblems).
 */
export function loadSettings(env: Environment = readEnvironment()): ServerSettings {
  let fileConfig: unknown = {};
  if (env.configFile) {
    try {
      fileConfig = JSON.parse(readFileSync(env.configFile, 'utf8'));
    } catch (error) {
      throw new Error(`Cannot read LOYALTY_CONFIG ${env.configFile}: ${(error as Error).message}`);
    }
  }
  const { port, production, smtpUrl } = env;
  const config = withDemoContact(withEnvironmentSecrets(parseConfig(fileConfig), env), production);
  if (production) {
    const problems = productionProblems(config, smtpUrl);
    if (problems.length) throw new Error(`Refusing to start in production:\n- ${problems.join('\n- ')}`);
  }
  return {
    config,
    port,
    host: env.host ?? (production ? defaultHost.production : defaultHost.development),
    dataDir: env.dataDir,
    databaseUrl: env.databaseUrl,
    postgres: env.postgres,
    smtpUrl,
    partnerApiKey: env.partnerApiKey,
    metricsKey: env.metricsKey,
    production,
    origin: originOf(config, port),
    logLevel: env.logLevel,
    testClock: env.testClock,
  };
}

/** The file's own value wins; the environment fills a secret the file leaves out. */
function withEnvironmentSecrets(config: Config, env: Environment): Config {
  const apple = config.wallet.apple;
  return {
    ...config,
    wallet: {
      ...config.wallet,
      apple: {
        ...apple,
        signerKeyPassphrase: apple.signerKeyPassphrase ?? env.applePassKeyPassphrase ?? null,
      },
    },
    nikeLink: {
      ...config.nikeLink,
      clientSecret: config.nikeLink.clientSecret ?? env.nikeClientSecret ?? null,
    },
  };
}

/**
 * What production cannot run without. Without publicOrigin every emailed link, pass and Google Wallet
 * origin would point at http://localhost:PORT and cookies would not be Secure; without a mail
 * transport sign-in links would go to the development outbox on disk instead of to members.
 */
function productionProblems(config: Config, smtpUrl: string | undefined): string[] {
  const problems: string[] = [];
  if (!config.publicOrigin) {
    problems.push(
      'publicOrigin is not set: set it in the LOYALTY_CONFIG file to the https origin members use, e.g. "publicOrigin": "https://members.example.com".',
    );
  } else if (new URL(config.publicOrigin).protocol !== 'https:') {
    problems.push(
      `publicOrigin must be an https origin in production (it is ${new URL(config.publicOrigin).origin}).`,
    );
  }
  if (!smtpUrl) {
    problems.push(
      'SMTP_URL is not set: production sends mail over SMTP only, e.g. SMTP_URL=smtp://user:pass@smtp.example.com:587.',
    );
  }
  return problems;
}

function originOf(config: Config, port: number): string {
  return config.publicOrigin ? new URL(config.publicOrigin).origin : `http://localhost:${port}`;
}
