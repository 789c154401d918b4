import { z } from 'zod';
import { type Locale, locales } from './domain/locales.ts';
import { trustedProxiesSchema } from './trusted-proxies.ts';

/**
 * The one configuration schema: every switch and key of SPEC §1 and §6, named as the spec names
 * them, with "the described configuration" as defaults. A deployment overrides it with the JSON file
 * named in LOYALTY_CONFIG; secrets come from environment variables (see src/server/config/load-config.ts).
 */

const path = z.string().regex(/^\/[A-Za-z0-9/_-]*$/, 'must be a path starting with /');
const url = z.url();

const customerTypes = ['personal-shopping', 'roi'] as const;

export { type Locale, locales };

/** The part handed to the browser inside the served HTML. Never put a secret here. */
const publicConfigSchema = z.strictObject({
  title: z.string().min(1).default('Members Club'),
  shortTitle: z.string().min(1).default('Members'),
  selfSignupEnabled: z.boolean().default(false),
  selfProfileUpdateEnabled: z.boolean().default(false),
  enablePointsExchange: z.boolean().default(false),
  enableCardPIN: z.boolean().default(false),
  enableTelephoneNumber: z.boolean().default(true),
  enableMagicLinkLogins: z.boolean().default(true),
  enableWebAuthnLogins: z.boolean().default(true),
  customerType: z.enum(customerTypes).default('personal-shopping'),
  locale: z.enum(locales).default('en-GB'),
  alternativeLandingEnabled: z.boolean().default(false),
  guidedSignupEnabled: z.boolean().default(false),
  /** Path under /help of the terms page. */
  termsPagePath: path.default('/terms'),
  /** Path under /help of the privacy policy page. */
  privacyPagePath: path.default('/privacy-policy'),
  /** When set, the privacy policy lives there: /help/privacy-policy sends the browser to it. */
  privacyPolicyUrl: url.nullable().default(null),
  /** When set, the terms live there and /help/terms is not served. */
  externalTermsUrl: url.nullable().default(null),
  /** When set, Help and FAQ links go there and /help/faq is not served. */
  externalFaqUrl: url.nullable().default(null),
  /**
   * The contact block on My details, the FAQ and wherever a message says
   * "contact customer services": each part shows only when set (the spec names no contact details,
   * so none are invented). The email is also named in every email's footer; without it the footer
   * links to Help.
   */
  customerServicesEmail: z.email().nullable().default(null),
  /** As dialled from the scheme's country, e.g. "020 7946 0000" or "+44 20 7946 0000" (a tel: link). */
  customerServicesPhone: z
    .string()
    .regex(/^\+?[0-9][0-9 ()-]{4,24}$/, 'must be a telephone number: digits, spaces, ( ) - and a leading +')
    .nullable()
    .default(null),
  /** Free text in the scheme's language, e.g. "Monday to Saturday, 9am to 6pm". */
  customerServicesHours: z.string().trim().min(1).max(200).nullable().default(null),
  /**
   * Points expiry (off in the described configuration): points expire `months` after they confirm,
   * oldest first, taken by the expiry job (server/points/expiry-job.ts), shown on Home and in the
   * history, with an email `reminderDays` before to members who said yes to email. Public: Home
   * asks for the next expiry only when it is on.
   */
  pointsExpiry: z
    .strictObject({
      months: z.number().int().min(1).max(120).nullable().default(null),
      reminderDays: z.number().int().min(1).max(90).default(30),
    })
    // A reminder before the points have even been added is no reminder: at least a day inside the
    // shortest span of `months` (28 days a month).
    .refine((e) => e.months === null || e.reminderDays < e.months * 28, {
      message: 'must be fewer days than pointsExpiry.months (28 days a month)',
      path: ['reminderDays'],
    })
    .prefault({}),
  chatWidget: z
    .strictObject({
      enabled: z.boolean().default(false),
      scriptUrl: url.nullable().default(null),
    })
    .default({ enabled: false, scriptUrl: null }),
});

export const configSchema = publicConfigSchema.extend({
  /** The origin members use, e.g. https://members.example.com. Defaults to http://localhost:PORT. */
  publicOrigin: url.nullable().default(null),
  /** The address emails come from; the configured title is the sender name. */
  emailFrom: z.email().default('members@example.com'),
  /**
   * Member discount levels staff may give (`member set --vip-level`), shown as "Discount: level".
   * A percentage such as "15%" is always accepted; these names are the scheme's own levels.
   */
  vipLevels: z.array(z.string().trim().min(1).max(40)).default([]),
  /**
   * Currencies a member may choose (membership type's allowedCurrencies). The first is the default,
   * a new member's currency. Unset, it is the locale's own (parseConfig): GBP for en-GB, DKK for da-DK.
   */
  allowedCurrencies: z
    .array(z.string().regex(/^[A-Z]{3}$/))
    .min(1)
    .default(['GBP']),
  /** Days a purchase's points stay pending (the returns window). */
  returnsWindowDays: z.number().int().min(0).max(365).default(28),
  /** Days an invitation link works. Fractions are allowed (0.5 is twelve hours). */
  inviteExpiryDays: z.number().positive().max(90).default(14),
  magicLinkExpiryMinutes: z.number().int().min(1).max(1440).default(10),
  passwordResetExpiryMinutes: z.number().int().min(1).max(1440).default(60),
  /** A WebAuthn challenge (passkey registration or sign-in) is good for this long, once. */
  passkeyChallengeMinutes: z.number().int().min(1).max(30).default(5),
  /**
   * Failed password sign-ins: after this many within the window, for one account or from one
   * address, sign-in waits until the window has moved on (never a permanent lock-out).
   */
  signInThrottle: z
    .strictObject({
      accountFailures: z.number().int().min(1).default(5),
      addressFailures: z.number().int().min(1).default(50),
      windowMinutes: z.number().int().min(1).max(1440).default(15),
    })
    .default({ accountFailures: 5, addressFailures: 50, windowMinutes: 15 }),
  /** Magic-link and password-reset emails: at most this many per email and per address in the window. */
  emailLinkLimits: z
    .strictObject({
      perEmail: z.number().int().min(1).default(5),
      perAddress: z.number().int().min(1).default(100),
      windowMinutes: z.number().int().min(1).max(1440).default(60),
    })
    .default({ perEmail: 5, perAddress: 100, windowMinutes: 60 }),
  /**
   * Email delivery from the outbox (src/server/email/outbox.ts): a failed send is retried after
   * retryBaseSeconds, doubling each time up to retryMaxMinutes, and given up after maxAttempts
   * (staff then see it in `mail status`). Delivered and given-up mails are deleted after
   * retentionDays, since they carry sign-in links.
   */
  mail: z
    .strictObject({
      maxAttempts: z.number().int().min(1).max(50).default(8),
      retryBaseSeconds: z.number().min(0).max(3600).default(30),
      retryMaxMinutes: z.number().min(0).max(1440).default(60),
      pollSeconds: z.number().min(0.01).max(3600).default(5),
      retentionDays: z.number().min(0).max(365).default(7),
    })
    .default({ maxAttempts: 8, retryBaseSeconds: 30, retryMaxMinutes: 60, pollSeconds: 5, retentionDays: 7 }),
  /** Passkey sign-in options (each stores a challenge): at most this many per address in the window. */
  passkeyOptionsLimits: z
    .strictObject({
      perAddress: z.number().int().min(1).default(200),
      windowMinutes: z.number().int().min(1).max(1440).default(10),
    })
    .default({ perAddress: 200, windowMinutes: 10 }),
  /**
   * Proxies whose X-Forwarded-For is believed (Fastify's trustProxy): addresses or CIDRs, e.g. the
   * load balancer's subnet. Default: none, so a client cannot choose its own address and step around
   * the per-address limits. (No hop count: it cannot tell a proxy from a client that adds hops.)
   * Never a range wider than a /8 (trusted-proxies.ts).
   */
  trustedProxies: trustedProxiesSchema,
  verificationExpiryHours: z.number().int().min(1).max(720).default(72),
  verificationResendWindowMinutes: z.number().int().min(0).max(1440).default(10),
  /** A session ends after this long without a request... */
  sessionIdleTimeoutMinutes: z
    .number()
    .int()
    .min(5)
    .max(60 * 24 * 90)
    .default(60 * 24 * 14),
  /** ...and in any case this long after sign-in. */
  sessionAbsoluteTimeoutDays: z.number().int().min(1).max(400).default(90),
  /**
   * Changing the password, email address or passkeys, or deleting the account, needs a sign-in (or
   * a re-confirmation by passkey, password or emailed link) within this many minutes (ASVS 6.2.3).
   */
  recentAuthenticationMinutes: z.number().int().min(1).max(1440).default(10),
  /**
   * The staff console (src/server/staff): a staff session ends after this many minutes without a
   * request, and in any case this many hours after sign-in; an enrolment link lives this many hours;
   * passkey ceremonies (sign-in and enrolment) are limited per staff account where the request
   * names one (a live enrolment link, a browser the staff member signed in on before), otherwise
   * per address (docs/decisions/0071-staff-sign-in-the-accounts-own.md).
   */
  staff: z
    .strictObject({
      sessionIdleMinutes: z.number().int().min(1).max(1440).default(30),
      sessionAbsoluteHours: z.number().int().min(1).max(24).default(8),
      enrolmentHours: z.number().int().min(1).max(168).default(24),
      signInPerAddress: z.number().int().min(1).default(30),
      signInPerAccount: z.number().int().min(1).default(20),
      signInWindowMinutes: z.number().int().min(1).max(1440).default(10),
      /** Cards one staff member may look up on the scan screen in an hour (a busy door scans far fewer). */
      scanLookupsPerHour: z.number().int().min(1).default(600),
    })
    .prefault({}),
  /**
   * Appointments with a stylist (src/server/appointments): members reschedule or cancel until
   * `changeCutoffHours` before the start (later, they call the store); slots start every
   * `slotStepMinutes` from the start of the stylist's hours; members book up to `bookAheadDays` ahead.
   */
  appointments: z
    .strictObject({
      changeCutoffHours: z.number().int().min(0).max(168).default(24),
      slotStepMinutes: z.number().int().min(5).max(120).default(30),
      bookAheadDays: z.number().int().min(1).max(180).default(28),
    })
    .prefault({}),
  /**
   * Folder of the public pages' Markdown (terms.md, faq.md, privacy-policy.md, optionally under a
   * locale subfolder such as da-DK/). Default: the scheme's own pages in ./content.
   */
  contentDir: z.string().min(1).nullable().default(null),
  /** Apple and Google Wallet passes (SPEC §1, §7): see src/server/wallet/. */
  wallet: z
    .strictObject({
      /** How long the onboarding step's wallet token (?token=) lets an invitee fetch their passes. */
      tokenExpiryMinutes: z.number().int().min(1).max(1440).default(60),
      /** Pass colours, as CSS rgb() or hex. */
      backgroundColor: z.string().default('rgb(18, 18, 18)'),
      foregroundColor: z.string().default('rgb(255, 255, 255)'),
      labelColor: z.string().default('rgb(168, 128, 63)'),
      apple: z
        .strictObject({
          passTypeIdentifier: z.string().min(1).default('pass.com.example.members'),
          teamIdentifier: z.string().min(1).default('DEVTEAM000'),
          /** PEM files of the Pass Type ID certificate, its key and Apple's WWDR certificate. Unset: a
           * development certificate is generated under DATA_DIR (passes will not install on a phone). */
          signerCertPath: z.string().min(1).nullable().default(null),
          signerKeyPath: z.string().min(1).nullable().default(null),
          /** Passphrase of the signer key, if it has one (or env APPLE_PASS_KEY_PASSPHRASE). */
          signerKeyPassphrase: z.string().nullable().default(null),
          wwdrCertPath: z.string().min(1).nullable().default(null),
          /** Pushes "pass changed" to devices through APNs (Apple's pass update push). */
          apns: z
            .strictObject({
              /** null: on exactly when a real Pass Type ID certificate is configured (signerCertPath…). */
              enabled: z.boolean().nullable().default(null),
              /**
               * api.push.apple.com (production; passes always use it) or a full URL such as
               * http://127.0.0.1:2197 (a local HTTP/2 stand-in; http: means HTTP/2 without TLS).
               */
              host: z.string().min(1).default('api.push.apple.com'),
              /**
               * No longer used (pushes follow the ledger's own writes, see wallet-sync.ts); still
               * accepted so a configuration file written for an earlier version keeps starting.
               */
              sweepSeconds: z.number().int().positive().optional(),
            })
            .default({ enabled: null, host: 'api.push.apple.com' }),
        })
        .default({
          passTypeIdentifier: 'pass.com.example.members',
          teamIdentifier: 'DEVTEAM000',
          signerCertPath: null,
          signerKeyPath: null,
          signerKeyPassphrase: null,
          wwdrCertPath: null,
          apns: { enabled: null, host: 'api.push.apple.com' },
        }),
      google: z
        .strictObject({
          /** The Google Wallet issuer id; loyalty class and objects are named <issuerId>.<suffix>. */
          issuerId: z.string().regex(/^\d+$/).default('3388000000000000000'),
          classSuffix: z
            .string()
            .regex(/^[\w.-]+$/)
            .default('members_loyalty'),
          /** Path of the service-account JSON key file. Unset: a development key under DATA_DIR. */
          serviceAccountKeyPath: z.string().min(1).nullable().default(null),
          /**
           * Creates the loyalty class and objects through the Google Wallet REST API and keeps each
           * object in step with the ledger. null: on exactly when serviceAccountKeyPath is set. Off,
           * the save link carries the whole object (Google does not update it afterwards).
           */
          apiEnabled: z.boolean().nullable().default(null),
          /** The Google Wallet REST API (tests point it at a local stand-in). */
          apiBaseUrl: url.default('https://walletobjects.googleapis.com/walletobjects/v1'),
          /** Where the service account's signed JWT is exchanged for an access token (OAuth 2). */
          tokenUrl: url.default('https://oauth2.googleapis.com/token'),
          /** Google's public keys that sign save and delete callbacks (ECv2SigningOnly). */
          callbackKeysUrl: url.default('https://pay.google.com/gp/m/issuer/keys'),
        })
        .default({
          issuerId: '3388000000000000000',
          classSuffix: 'members_loyalty',
          serviceAccountKeyPath: null,
          apiEnabled: null,
          apiBaseUrl: 'https://walletobjects.googleapis.com/walletobjects/v1',
          tokenUrl: 'https://oauth2.googleapis.com/token',
          callbackKeysUrl: 'https://pay.google.com/gp/m/issuer/keys',
        }),
      /** Seconds between the wallet worker's rounds (it is also woken after a change is written). */
      syncSeconds: z.number().int().min(1).max(3600).default(10),
    })
    .prefault({}),
  /** The sportswear (Nike) account link: an OAuth 2 / OpenID provider. Unset issuer and endpoints:
   * a local development provider is started (never in production). */
  nikeLink: z
    .strictObject({
      /** Issuer URL with OpenID discovery (…/.well-known/openid-configuration)… */
      issuer: url.nullable().default(null),
      /** …or the endpoints themselves. */
      authorizationEndpoint: url.nullable().default(null),
      tokenEndpoint: url.nullable().default(null),
      userinfoEndpoint: url.nullable().default(null),
      clientId: z.string().min(1).default('members-web'),
      /** Or env NIKE_CLIENT_SECRET. */
      clientSecret: z.string().nullable().default(null),
      /** How the app authenticates at the provider's token and revocation endpoints (OpenID
       * `token_endpoint_auth_method`): the secret in an Authorization header (basic), in the body
       * (post), a JWT signed with privateKeyPath's key (private_key_jwt), or nothing (none). */
      tokenEndpointAuthMethod: z
        .enum(['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'])
        .default('client_secret_basic'),
      /** private_key_jwt: PEM file (PKCS #8) of the app's RSA or EC private key… */
      privateKeyPath: z.string().min(1).nullable().default(null),
      /** …and the key id (`kid`) the provider knows its public half by, if it asks for one. */
      privateKeyId: z.string().min(1).nullable().default(null),
      scopes: z.string().min(1).default('openid'),
      /** Minutes a started link may take to come back. */
      attemptExpiryMinutes: z.number().int().min(1).max(60).default(10),
    })
    .refine((link) => link.tokenEndpointAuthMethod !== 'private_key_jwt' || link.privateKeyPath, {
      error: 'private_key_jwt needs the key: set privateKeyPath',
      path: ['privateKeyPath'],
    })
    .prefault({}),
  /** Error reporting: when set, the viewer hands it to the browser. */
  sentry: z
    .strictObject({ dsn: url, environment: z.string().min(1).default('production') })
    .nullable()
    .default(null),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;
export type Config = z.infer<typeof configSchema>;

const publicKeys = Object.keys(publicConfigSchema.shape) as (keyof PublicConfig)[];

export function toPublicConfig(config: Config): PublicConfig {
  return Object.fromEntries(publicKeys.map((key) => [key, config[key]])) as PublicConfig;
}

/** A scheme's currency when its configuration names none: the one of the country its locale is for. */
const localeCurrencies: Record<Config['locale'], string> = { 'en-GB': 'GBP', 'da-DK': 'DKK' };

/** Parses a configuration object; throws an Error whose message names every bad key. */
export function parseConfig(input: unknown): Config {
  const result = configSchema.safeParse(input ?? {});
  if (result.success) {
    const named = typeof input === 'object' && input !== null && 'allowedCurrencies' in input;
    return named
      ? result.data
      : { ...result.data, allowedCurrencies: [localeCurrencies[result.data.locale]] };
  }
  const problems = result.error.issues.map((issue) => {
    const key = issue.path.join('.') || '(root)';
    return `${key}: ${issue.message}`;
  });
  throw new Error(`Invalid configuration: ${problems.join('; ')}`);
}

export const defaultConfig: Config = parseConfig({});
