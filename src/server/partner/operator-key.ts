import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** In development the server keeps its own partner API key here, for the operator CLI to read. */
export function operatorKeyPath(dataDir: string): string {
  return join(dataDir, 'operator-key');
}

/** The configured key; in development, the one under DATA_DIR (made at first start). Production without a key: null. */
export async function resolvePartnerApiKey(options: {
  configured: string | undefined;
  production: boolean;
  dataDir: string;
}): Promise<string | null> {
  if (options.configured) return options.configured;
  if (options.production) return null;
  const path = operatorKeyPath(options.dataDir);
  const existing = await readFile(path, 'utf8').catch(() => '');
  if (existing.trim()) return existing.trim();
  const key = randomBytes(32).toString('base64url');
  await mkdir(options.dataDir, { recursive: true });
  await writeFile(path, `${key}\n`, { mode: 0o600 });
  return key;
}
