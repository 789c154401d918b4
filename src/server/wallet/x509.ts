import { type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A small X.509 v3 certificate builder (DER by hand, signed with node:crypto), enough to make the
 * development certificate chain of the Apple pass signer: a CA standing in for Apple's WWDR
 * certificate, and a Pass Type ID certificate issued by it. No openssl, no extra dependency.
 */

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), length(content.length), content]);
}

const sequence = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));
const explicit = (n: number, content: Buffer) => tlv(0xa0 + n, content);
const nullValue = () => Buffer.from([0x05, 0x00]);
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
const bitString = (content: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), content]));
const octetString = (content: Buffer) => tlv(0x04, content);
const boolean = (value: boolean) => tlv(0x01, Buffer.from([value ? 0xff : 0]));

function integer(value: Buffer | number): Buffer {
  let bytes = typeof value === 'number' ? Buffer.from([value]) : value;
  while (bytes.length > 1 && bytes[0] === 0 && (bytes[1] ?? 0) < 0x80) bytes = bytes.subarray(1);
  if ((bytes[0] ?? 0) >= 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return tlv(0x02, bytes);
}

function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const [first = 0, second = 0, ...rest] = parts;
  const bytes = [40 * first + second];
  for (const part of rest) {
    const chunk: number[] = [part & 0x7f];
    for (let v = Math.floor(part / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  // UTCTime until 2049, GeneralizedTime after (RFC 5280 §4.1.2.5).
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`))
    : tlv(0x18, Buffer.from(`${iso}Z`));
}

const attributeOids: Record<string, string> = {
  CN: '2.5.4.3',
  O: '2.5.4.10',
  OU: '2.5.4.11',
  C: '2.5.4.6',
  UID: '0.9.2342.19200300.100.1.1',
};

export type DistinguishedName = Partial<Record<keyof typeof attributeOids, string>>;

function name(dn: DistinguishedName): Buffer {
  const rdns = Object.entries(dn).map(([key, value]) => {
    const type = attributeOids[key];
    if (!type || value === undefined) throw new Error(`unknown name attribute ${key}`);
    // Country is a PrintableString.
    const encoded = key === 'C' ? tlv(0x13, Buffer.from(value)) : utf8(value);
    return set(sequence(oid(type), encoded));
  });
  return sequence(...rdns);
}

const sha256WithRsa = () => sequence(oid('1.2.840.113549.1.1.11'), nullValue());

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

/** Builds and signs a certificate; answers it as PEM. */
export function buildCertificate(request: CertificateRequest): string {
  const spki = request.publicKey.export({ type: 'spki', format: 'der' });
  const keyUsage = request.isCa ? Buffer.from([0x01, 0x06]) : Buffer.from([0x07, 0x80]); // certSign|cRLSign : digitalSignature
  const extensions = sequence(
    sequence(
      oid('2.5.29.19'),
      boolean(true),
      octetString(sequence(...(request.isCa ? [boolean(true)] : []))),
    ),
    sequence(oid('2.5.29.15'), boolean(true), octetString(tlv(0x03, keyUsage))),
  );
  const tbs = sequence(
    explicit(0, integer(2)),
    integer(randomBytes(16)),
    sha256WithRsa(),
    name(request.issuer),
    sequence(time(request.notBefore), time(request.notAfter)),
    name(request.subject),
    spki,
    explicit(3, extensions),
  );
  const signature = sign('sha256', tbs, request.signingKey);
  const der = sequence(tbs, sha256WithRsa(), bitString(signature));
  const base64 = der.toString('base64').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN CERTIFICATE-----\n${base64.trimEnd()}\n-----END CERTIFICATE-----\n`;
}
