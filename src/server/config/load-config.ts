import { readFileSync } from 'node:fs';
import { type Config, parseConfig } from '#shared/config.ts';

/** Settings of the running process: the configuration file plus secrets and places from the environment. */
export interface ServerSettings {
  config: Config;
  port: number;
  /** The interface to listen on: loopback outside production unless HOST says otherwise. */
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  partnerApiKey: string | undefined;
  production: boolean;
  /** The origin members use; the only one allowed to change state. */
  origin: string;
}

/** Where the server listens when HOST is unset (README "Environment variables"). */
export const defaultHost = {
  /** Behind a proxy or in a container the server must be reachable from outside itself. */
  production: '0.0.0.0',
  /** A development server (demo member, /dev/mailbox) stays on this machine until HOST=0.0.0.0. */
  development: '127.0.0.1',
} as const;

/**
 * Reads LOYALTY_CONFIG (a JSON file) and the environment; throws with the bad key named. Production
 * refuses what would make it unsafe (see productionProblems).
 */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): ServerSettings {
  let fileConfig: unknown = {};
  if (env.LOYALTY_CONFIG) {
    try {
      fileConfig = JSON.parse(readFileSync(env.LOYALTY_CONFIG, 'utf8'));
    } catch (error) {
      throw new Error(`Cannot read LOYALTY_CONFIG ${env.LOYALTY_CONFIG}: ${(error as Error).message}`);
    }
  }
  const config = parseConfig(fileConfig);
  const port = parsePort(env.PORT);
  const production = env.NODE_ENV === 'production';
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl !== undefined) checkSmtpUrl(smtpUrl);
  if (production) {
    const problems = productionProblems(config, smtpUrl);
    if (problems.length) throw new Error(`Refusing to start in production:\n- ${problems.join('\n- ')}`);
  }
  return {
    config,
    port,
    host: env.HOST || (production ? defaultHost.production : defaultHost.development),
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl,
    partnerApiKey: env.PARTNER_API_KEY || undefined,
    production,
    origin: originOf(config, port),
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

/** A mistyped SMTP_URL stops start-up rather than the first email; the value (it holds a password) is never echoed. */
function checkSmtpUrl(smtpUrl: string): void {
  let protocol: string;
  try {
    protocol = new URL(smtpUrl).protocol;
  } catch {
    throw new Error('SMTP_URL is not a URL: expected e.g. smtp://user:pass@smtp.example.com:587.');
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    throw new Error(
      'SMTP_URL must start with smtp:// or smtps://, e.g. smtp://user:pass@smtp.example.com:587.',
    );
  }
}

export function originOf(config: Config, port: number): string {
  return config.publicOrigin ? new URL(config.publicOrigin).origin : `http://localhost:${port}`;
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid PORT: ${value}`);
  return port;
}
