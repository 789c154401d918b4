import { sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyPairSync, newKeyPair } from './key-pairs.ts';

describe('key pairs made safe to export (Node 20 KeyGenJob deadlock)', () => {
  it('an EC pair exports as a JWK and verifies what it signed', () => {
    const { publicKey, privateKey } = keyPairSync({ type: 'ec', namedCurve: 'P-256' });
    expect(publicKey.export({ format: 'jwk' })).toMatchObject({ kty: 'EC', crv: 'P-256' });
    const signature = sign('sha256', Buffer.from('card'), privateKey);
    expect(verify('sha256', Buffer.from('card'), publicKey, signature)).toBe(true);
  });

  it('an RSA pair, generated off the event loop, exports as PEM and verifies what it signed', async () => {
    const { publicKey, privateKey } = await newKeyPair({ type: 'rsa', modulusLength: 2048 });
    expect(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()).toMatch(
      /^-----BEGIN PRIVATE KEY-----/,
    );
    expect(privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const signature = sign('sha256', Buffer.from('pass'), privateKey);
    expect(verify('sha256', Buffer.from('pass'), publicKey, signature)).toBe(true);
  });
});
