import { type KeyObject, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/**
 * Builds the development certificate chain of the Apple pass signer: a CA standing in for Apple's
 * WWDR certificate, and a Pass Type ID certificate issued by it. node-forge does the X.509 encoding
 * because passkit-generator signs passes with node-forge too, so it reads what it makes.
 */

const attributeNames = {
  CN: 'commonName',
  O: 'organizationName',
  OU: 'organizationalUnitName',
  C: 'countryName',
  UID: '0.9.2342.19200300.100.1.1',
} as const;

type DistinguishedName = Partial<Record<keyof typeof attributeNames, string>>;

function attributes(dn: DistinguishedName): forge.pki.CertificateField[] {
  return Object.entries(dn).map(([key, value]) => {
    const name = attributeNames[key as keyof typeof attributeNames];
    if (!name || value === undefined) throw new Error(`unknown name attribute ${key}`);
    // forge knows the UID attribute by its object identifier only.
    return name.includes('.') ? { type: name, value } : { name, value };
  });
}

export interface CertificateRequest {
  subject: DistinguishedName;
  issuer: DistinguishedName;
  publicKey: KeyObject;
  /** The issuer's private key (the subject's own for a self-signed certificate). */
  signingKey: KeyObject;
  notBefore: Date;
  notAfter: Date;
  isCa: boolean;
}

/** Builds and signs a certificate (SHA-256 with RSA); answers it as PEM. */
export function buildCertificate(request: CertificateRequest): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(
    request.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  // A positive 128-bit serial: the top bit cleared so the DER integer needs no sign byte.
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  cert.serialNumber = serial.toString('hex');
  cert.validity.notBefore = request.notBefore;
  cert.validity.notAfter = request.notAfter;
  cert.setSubject(attributes(request.subject));
  cert.setIssuer(attributes(request.issuer));
  cert.setExtensions([
    { name: 'basicConstraints', critical: true, cA: request.isCa },
    request.isCa
      ? { name: 'keyUsage', critical: true, keyCertSign: true, cRLSign: true }
      : { name: 'keyUsage', critical: true, digitalSignature: true },
  ]);
  const signingKey = forge.pki.privateKeyFromPem(
    request.signingKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  ) as forge.pki.rsa.PrivateKey;
  cert.sign(signingKey, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}
