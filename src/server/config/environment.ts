import { z } from 'zod';
import { type PostgresOptions, postgresDefaults } from '../db/postgres-options.ts';

/**
 * Every environment variable the server and the operator CLI read (docs/operating.md, "Environment variables"),
 * parsed by one schema. This is the only module that reads `process.env` (lint: noProcessEnv);
 * everything else takes the parsed `Environment`. An empty variable counts as unset.
 */
const unsetIfEmpty = z
  .string()
  .optional()
  .transform((value) => value || undefined);

const port = unsetIfEmpty.transform((value, ctx) => {
  if (value === undefined) return 3000;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535) {
    ctx.addIssue({ code: 'custom', message: `Invalid PORT: ${value}` });
    return z.NEVER;
  }
  return number;
});

/** A mistyped SMTP_URL stops start-up rather than the first email; the value (it holds a password) is never echoed. */
const smtpUrl = unsetIfEmpty.superRefine((value, ctx) => {
  if (value === undefined) return;
  let protocol: string;
  try {
    protocol = new URL(value).protocol;
  } catch {
    ctx.addIssue({
      code: 'custom',
      message: 'SMTP_URL is not a URL: expected e.g. smtp://user:pass@smtp.example.com:587.',
    });
    return;
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    ctx.addIssue({
      code: 'custom',
      message: 'SMTP_URL must start with smtp:// or smtps://, e.g. smtp://user:pass@smtp.example.com:587.',
    });
  }
});

/** A whole number of milliseconds (0 turns the timeout off), or the default when unset. */
const milliseconds = (name: string, fallback: number, minimum = 0) =>
  unsetIfEmpty.transform((value, ctx) => {
    if (value === undefined) return fallback;
    const number = Number(value);
    if (!Number.isInteger(number) || number < minimum || number > 86_400_000) {
      ctx.addIssue({
        code: 'custom',
        message: `Invalid ${name}: ${value} (whole milliseconds, at least ${minimum})`,
      });
      return z.NEVER;
    }
    return number;
  });

const poolSize = unsetIfEmpty.transform((value, ctx) => {
  if (value === undefined) return postgresDefaults.poolSize;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 1000) {
    ctx.addIssue({
      code: 'custom',
      message: `Invalid DATABASE_POOL_SIZE: ${value} (a whole number from 1 to 1000)`,
    });
    return z.NEVER;
  }
  return number;
});

const poolMode = unsetIfEmpty.transform((value, ctx) => {
  if (value === undefined || value === 'session' || value === 'transaction') return value ?? 'session';
  ctx.addIssue({
    code: 'custom',
    message: `Invalid DATABASE_POOL_MODE: ${value} (session, or transaction behind PgBouncer in transaction mode)`,
  });
  return z.NEVER;
});
/**
 * A bearer key's fewest characters: 32 random characters are far past guessing, and what development
 * generates (`openssl rand -base64 32` or 32 random bytes in base64url: 43) passes. Refused in every
 * mode, so a server that forgot NODE_ENV=production does not fail open either; the value is never echoed.
 */
const minimumKeyLength = 32;
const bearerKey = (name: string) =>
  unsetIfEmpty.superRefine((value, ctx) => {
    if (value === undefined || value.length >= minimumKeyLength) return;
    ctx.addIssue({
      code: 'custom',
      message: `${name} is too short (${value.length} characters): use at least ${minimumKeyLength} characters, e.g. the output of openssl rand -base64 32.`,
    });
  });

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const environmentSchema = z
  .object({
    LOYALTY_CONFIG: unsetIfEmpty,
    PORT: port,
    HOST: unsetIfEmpty,
    NODE_ENV: unsetIfEmpty,
    DATA_DIR: unsetIfEmpty,
    DATABASE_URL: unsetIfEmpty,
    DATABASE_POOL_SIZE: poolSize,
    DATABASE_POOL_MODE: poolMode,
    DATABASE_CONNECT_TIMEOUT_MS: milliseconds(
      'DATABASE_CONNECT_TIMEOUT_MS',
      postgresDefaults.connectTimeoutMs,
      100,
    ),
    DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(
      'DATABASE_STATEMENT_TIMEOUT_MS',
      postgresDefaults.statementTimeoutMs,
    ),
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(
      'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      postgresDefaults.idleInTransactionTimeoutMs,
    ),
    SMTP_URL: smtpUrl,
    PARTNER_API_KEY: bearerKey('PARTNER_API_KEY'),
    METRICS_KEY: bearerKey('METRICS_KEY'),
    LOG_LEVEL: unsetIfEmpty.pipe(z.enum(logLevels).optional()),
    APPLE_PASS_KEY_PASSPHRASE: unsetIfEmpty,
    NIKE_CLIENT_SECRET: unsetIfEmpty,
    LOYALTY_URL: unsetIfEmpty,
    LOYALTY_TEST_CLOCK: unsetIfEmpty,
  })
  .superRefine((env, ctx) => {
    // The browser journeys' movable clock (test-clock.ts): never in a server their harness did not start.
    if (env.LOYALTY_TEST_CLOCK === undefined) return;
    if (env.LOYALTY_TEST_CLOCK !== '1')
      ctx.addIssue({ code: 'custom', message: 'LOYALTY_TEST_CLOCK must be 1 or unset.' });
    else if (env.NODE_ENV !== 'test')
      ctx.addIssue({
        code: 'custom',
        message: 'LOYALTY_TEST_CLOCK is for the test harness only: it needs NODE_ENV=test. Unset it.',
      });
  })
  .transform((env) => ({
    /** The JSON configuration file (LOYALTY_CONFIG). */
    configFile: env.LOYALTY_CONFIG,
    port: env.PORT,
    host: env.HOST,
    production: env.NODE_ENV === 'production',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL,
    /** How the server uses PostgreSQL's connections (DATABASE_URL only). */
    postgres: {
      poolSize: env.DATABASE_POOL_SIZE,
      poolMode: env.DATABASE_POOL_MODE,
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    } satisfies PostgresOptions,
    smtpUrl: env.SMTP_URL,
    partnerApiKey: env.PARTNER_API_KEY,
    /** Bearer key of GET /metrics (Prometheus); unset: /metrics answers 404. */
    metricsKey: env.METRICS_KEY,
    logLevel: env.LOG_LEVEL ?? 'info',
    applePassKeyPassphrase: env.APPLE_PASS_KEY_PASSPHRASE,
    nikeClientSecret: env.NIKE_CLIENT_SECRET,
    /** (CLI) the server the operator CLI talks to: LOYALTY_URL, else this machine's server on PORT. */
    loyaltyUrl: (env.LOYALTY_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    /** (Tests) the clock the test harness moves over its IPC channel (test-clock.ts); NODE_ENV=test only. */
    testClock: env.LOYALTY_TEST_CLOCK === '1',
  }));

export type Environment = z.output<typeof environmentSchema>;

/** Parses an environment; throws one message naming every bad variable (never echoing SMTP_URL). */
export function parseEnvironment(env: Record<string, string | undefined>): Environment {
  const parsed = environmentSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new Error(
    parsed.error.issues
      .map((issue) =>
        issue.code === 'custom' ? issue.message : `Invalid ${issue.path.join('.')}: ${issue.message}`,
      )
      .join('\n'),
  );
}

/** The process's environment, read now (the CLI's tests change it between calls). */
export function readEnvironment(): Environment {
  // biome-ignore lint/style/noProcessEnv: the one reader of the environment
  return parseEnvironment(process.env);
}
