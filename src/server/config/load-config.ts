import { readFileSync } from 'node:fs';
import { type Config, parseConfig } from '#shared/config.ts';

/** Settings of the running process: the configuration file plus secrets and places from the environment. */
export interface ServerSettings {
  config: Config;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  partnerApiKey: string | undefined;
  production: boolean;
  /** The origin members use; the only one allowed to change state. */
  origin: string;
}

/** Reads LOYALTY_CONFIG (a JSON file) and the environment; throws with the bad key named. */
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
  return {
    config,
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    partnerApiKey: env.PARTNER_API_KEY || undefined,
    production: env.NODE_ENV === 'production',
    origin: originOf(config, port),
  };
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
