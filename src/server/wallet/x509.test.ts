import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyPairSync } from '../security/key-pairs.ts';
import { buildCertificate } from './x509.ts';

describe('development certificate builder (Apple pass signer without configured certificates)', () => {
  it('x509: builds a CA and a Pass Type ID certificate it issued, which Node parses and verifies', () => {
    const ca = keyPairSync({ type: 'rsa', modulusLength: 2048 });
    const signer = keyPairSync({ type: 'rsa', modulusLength: 2048 });
    const caName = { CN: 'Development Wallet CA (not Apple)', O: 'Members Club' };
    const notBefore = new Date('2026-01-01T00:00:00Z');
    const caPem = buildCertificate({
      subject: caName,
      issuer: caName,
      publicKey: ca.publicKey,
      signingKey: ca.privateKey,
      notBefore,
      notAfter: new Date('2055-01-01T00:00:00Z'),
      isCa: true,
    });
    const signerPem = buildCertificate({
      subject: {
        UID: 'pass.com.example.members',
        CN: 'Pass Type ID: pass.com.example.members',
        OU: 'DEVTEAM000',
        C: 'GB',
      },
      issuer: caName,
      publicKey: signer.publicKey,
      signingKey: ca.privateKey,
      notBefore,
      notAfter: new Date('2036-01-01T00:00:00Z'),
      isCa: false,
    });
    const caCert = new X509Certificate(caPem);
    const signerCert = new X509Certificate(signerPem);
    expect(caCert.ca).toBe(true);
    expect(signerCert.ca).toBe(false);
    expect(signerCert.subject).toContain('CN=Pass Type ID: pass.com.example.members');
    expect(signerCert.subject).toContain('OU=DEVTEAM000');
    expect(signerCert.issuer).toBe(caCert.subject);
    expect(signerCert.checkIssued(caCert)).toBe(true);
    expect(signerCert.verify(ca.publicKey)).toBe(true);
    expect(signerCert.verify(signer.publicKey)).toBe(false);
    expect(new Date(caCert.validTo).getUTCFullYear()).toBe(2055); // GeneralizedTime after 2049
    expect(signerCert.publicKey.export({ type: 'spki', format: 'pem' })).toBe(
      signer.publicKey.export({ type: 'spki', format: 'pem' }),
    );
  });
});
