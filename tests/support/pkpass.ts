import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';

/** openssl checks the detached PKCS #7 signature in `dir` over its manifest.json (throws if it fails). */
export function verifySignature(dir: string) {
  const file = (name: string) => join(dir, name);
  return execFileSync(
    'openssl',
    [
      'smime',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      file('signature'),
      '-content',
      file('manifest.json'),
    ].concat(['-CAfile', file('wwdr.pem'), '-purpose', 'any', '-out', '/dev/null']),
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

/** The files a pass's manifest.json lists, and whether each one's SHA-1 matches (name → ok). */
export function manifestCheck(files: Map<string, Buffer>) {
  const manifest = JSON.parse(String(files.get('manifest.json'))) as Record<string, string>;
  const listed = Object.keys(manifest).sort();
  const present = [...files.keys()].filter((name) => name !== 'manifest.json' && name !== 'signature').sort();
  const hashes = Object.entries(manifest).map(
    ([name, hash]) =>
      createHash('sha1')
        .update(files.get(name) ?? Buffer.alloc(0))
        .digest('hex') === hash,
  );
  return { listed, present, hashesMatch: hashes.every(Boolean) };
}
