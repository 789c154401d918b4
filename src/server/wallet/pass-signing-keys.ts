import type { KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '#shared/config.ts';
import type { AppContext } from '../app-context.ts';
import { newKeyPair } from '../security/key-pairs.ts';

/** What passkit-generator signs a pass with (PEM strings). */
export interface AppleCredentials {
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  wwdr: string;
  /** True for the generated development chain: passes will not install on a phone. */
  development: boolean;
}

/** A Google service account, as its JSON key file names the fields. */
export interface GoogleServiceAccount {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  development: boolean;
}

export interface PassSigningKeys {
  apple: AppleCredentials;
  google: GoogleServiceAccount;
}

type Log = Pick<AppContext['log'], 'warn' | 'info'>;

/**
 * The configured certificates and keys, or development ones generated once under DATA_DIR/wallet
 * (kept in memory only when that folder cannot be written, as in the in-process API tests).
 */
export async function loadPassSigningKeys(
  config: Config,
  dataDir: string,
  production: boolean,
  log: Log,
): Promise<PassSigningKeys> {
  const folder = join(dataDir, 'wallet');
  return {
    apple: await appleCredentials(config, folder, production, log),
    google: await googleServiceAccount(config, folder, production, log),
  };
}

async function appleCredentials(
  config: Config,
  folder: string,
  production: boolean,
  log: Log,
): Promise<AppleCredentials> {
  const apple = config.wallet.apple;
  const configured = [apple.signerCertPath, apple.signerKeyPath, apple.wwdrCertPath];
  if (configured.every(Boolean)) {
    const [signerCert, signerKey, wwdr] = await Promise.all(
      configured.map((path) => readFile(path as string, 'utf8')),
    );
    const passphrase = apple.signerKeyPassphrase;
    return {
      signerCert: signerCert as string,
      signerKey: signerKey as string,
      wwdr: wwdr as string,
      ...(passphrase ? { signerKeyPassphrase: passphrase } : {}),
      development: false,
    };
  }
  if (configured.some(Boolean)) {
    throw new Error(
      'Invalid configuration: wallet.apple needs signerCertPath, signerKeyPath and wwdrCertPath together',
    );
  }
  const files = {
    wwdr: 'apple-dev-wwdr.pem',
    signerCert: 'apple-dev-signer.pem',
    signerKey: 'apple-dev-signer-key.pem',
  };
  const stored = await readAll(folder, files);
  const credentials =
    stored ??
    (await generatedOnce(
      `apple|${config.wallet.apple.passTypeIdentifier}|${config.wallet.apple.teamIdentifier}|${config.title}`,
      () => generateAppleChain(config),
    ));
  if (!stored) await writeAll(folder, files, credentials, log);
  log.warn(
    `${production ? 'PRODUCTION WITHOUT APPLE CERTIFICATES: ' : ''}Apple Wallet passes are signed with a development certificate (${folder}); they will not install on a phone. Configure wallet.apple.signerCertPath, signerKeyPath and wwdrCertPath.`,
  );
  return { ...credentials, development: true };
}

async function generateAppleChain(config: Config) {
  // node-forge (about 60 ms to load) only for the first start of a development server.
  const { buildCertificate } = await import('./x509.ts');
  const [ca, signer] = await Promise.all([
    newKeyPair({ type: 'rsa', modulusLength: 2048 }),
    newKeyPair({ type: 'rsa', modulusLength: 2048 }),
  ]);
  const now = new Date(Date.now() - 60_000);
  const caName = { CN: 'Development Wallet CA (not Apple)', O: config.title };
  const wwdr = buildCertificate({
    subject: caName,
    issuer: caName,
    publicKey: ca.publicKey,
    signingKey: ca.privateKey,
    notBefore: now,
    notAfter: years(now, 20),
    isCa: true,
  });
  const { passTypeIdentifier, teamIdentifier } = config.wallet.apple;
  const signerCert = buildCertificate({
    subject: {
      UID: passTypeIdentifier,
      CN: `Pass Type ID: ${passTypeIdentifier}`,
      OU: teamIdentifier,
      O: config.title,
    },
    issuer: caName,
    publicKey: signer.publicKey,
    signingKey: ca.privateKey,
    notBefore: now,
    notAfter: years(now, 10),
    isCa: false,
  });
  return { wwdr, signerCert, signerKey: pkcs1(signer.privateKey) };
}

async function googleServiceAccount(
  config: Config,
  folder: string,
  production: boolean,
  log: Log,
): Promise<GoogleServiceAccount> {
  const path = config.wallet.google.serviceAccountKeyPath;
  if (path) {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as Partial<GoogleServiceAccount>;
    if (!parsed.client_email || !parsed.private_key) {
      throw new Error(
        `Invalid configuration: wallet.google.serviceAccountKeyPath ${path} has no client_email or private_key`,
      );
    }
    return {
      client_email: parsed.client_email,
      private_key: parsed.private_key,
      ...(parsed.private_key_id ? { private_key_id: parsed.private_key_id } : {}),
      development: false,
    };
  }
  const files = { key: 'google-dev-service-account.json' };
  const stored = await readAll(folder, files);
  let account: GoogleServiceAccount;
  if (stored) {
    account = { ...(JSON.parse(stored.key) as GoogleServiceAccount), development: true };
  } else {
    account = await generatedOnce('google', async () => {
      const { privateKey } = await newKeyPair({ type: 'rsa', modulusLength: 2048 });
      return {
        client_email: 'wallet-development@members-development.iam.gserviceaccount.com',
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        private_key_id: 'development',
        development: true,
      };
    });
    await writeAll(folder, files, { key: JSON.stringify(account, null, 2) }, log);
  }
  log.warn(
    `${production ? 'PRODUCTION WITHOUT A GOOGLE KEY: ' : ''}Google Wallet save links are signed with a development key (${folder}); Google will not accept them. Configure wallet.google.serviceAccountKeyPath.`,
  );
  return account;
}

async function readAll<K extends string>(
  folder: string,
  files: Record<K, string>,
): Promise<Record<K, string> | null> {
  try {
    const entries = await Promise.all(
      Object.entries<string>(files).map(
        async ([key, file]) => [key, await readFile(join(folder, file), 'utf8')] as const,
      ),
    );
    return Object.fromEntries(entries) as Record<K, string>;
  } catch {
    return null;
  }
}

async function writeAll<K extends string>(
  folder: string,
  files: Record<K, string>,
  contents: Record<K, string>,
  log: Log,
): Promise<void> {
  try {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    for (const [key, file] of Object.entries<string>(files)) {
      await writeFile(join(folder, file), contents[key as K], { mode: 0o600 });
    }
  } catch (error) {
    log.info(`development wallet keys kept in memory only (${(error as Error).message})`);
  }
}

// Development keys are made once per process: where DATA_DIR cannot keep them (the in-process API
// tests), every app built by the process shares them instead of spending RSA key generation on each.
const generated = new Map<string, Promise<unknown>>();

function generatedOnce<T>(key: string, make: () => Promise<T>): Promise<T> {
  let value = generated.get(key) as Promise<T> | undefined;
  if (!value) {
    value = make();
    generated.set(key, value);
  }
  return value;
}

function years(from: Date, n: number): Date {
  const date = new Date(from);
  date.setUTCFullYear(date.getUTCFullYear() + n);
  return date;
}

function pkcs1(key: KeyObject): string {
  return key.export({ type: 'pkcs1', format: 'pem' }).toString();
}
