import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { type Queryable, queryOne } from '../db/database.ts';

/**
 * An attending member's ticket: "EVT", the event's id, the answer's id and a MAC over both, in
 * upper-case hex (a QR code's alphanumeric mode, and what any USB scanner types on any keyboard
 * layout). The MAC is HMAC-SHA256 under a key kept in the database (wallet_secrets, as the wallet
 * passes' key: every app server shares it), truncated to 128 bits. Only the staff scan accepts it.
 */

const prefix = 'EVT';
const ticketPattern = /^EVT[0-9A-F]{96}$/;

const hex = (uuid: string) => uuid.replace(/-/g, '').toUpperCase();
const uuidOf = (hex32: string) =>
  `${hex32.slice(0, 8)}-${hex32.slice(8, 12)}-${hex32.slice(12, 16)}-${hex32.slice(16, 20)}-${hex32.slice(20)}`.toLowerCase();

/** The ticket key, made once (several servers starting together: the first insert wins). */
export async function ticketKey(db: Queryable): Promise<Buffer> {
  const read = () =>
    queryOne<{ secret: string }>(db, `SELECT secret FROM wallet_secrets WHERE name = 'event-ticket'`);
  let row = await read();
  if (!row) {
    await db.query(
      `INSERT INTO wallet_secrets (name, secret) VALUES ('event-ticket', $1) ON CONFLICT (name) DO NOTHING`,
      [randomBytes(32).toString('base64url')],
    );
    row = await read();
  }
  if (!row) throw new Error('event ticket key missing');
  return Buffer.from(row.secret, 'base64url');
}

function mac(key: Buffer, eventId: string, rsvpId: string): string {
  return createHmac('sha256', key)
    .update(`event-ticket:${eventId.toLowerCase()}:${rsvpId.toLowerCase()}`)
    .digest()
    .subarray(0, 16)
    .toString('hex')
    .toUpperCase();
}

export function signTicket(key: Buffer, eventId: string, rsvpId: string): string {
  return `${prefix}${hex(eventId)}${hex(rsvpId)}${mac(key, eventId, rsvpId)}`;
}

/** The event and answer a ticket names, or null when it is not one this server signed. */
export function verifyTicket(key: Buffer, code: string): { eventId: string; rsvpId: string } | null {
  const compact = code.replace(/\s+/g, '').toUpperCase();
  if (!ticketPattern.test(compact)) return null;
  const eventId = uuidOf(compact.slice(3, 35));
  const rsvpId = uuidOf(compact.slice(35, 67));
  const given = Buffer.from(compact.slice(67));
  const expected = Buffer.from(mac(key, eventId, rsvpId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? { eventId, rsvpId } : null;
}

/** Whether a scanned code is shaped as a ticket (the scan screen's classifier). */
export const looksLikeTicket = (code: string) => ticketPattern.test(code.replace(/\s+/g, '').toUpperCase());

let writer: Promise<typeof import('zxing-wasm/writer')> | null = null;

/** zxing-wasm's writer with its WebAssembly read from the package (never fetched from a CDN). */
function qrWriter() {
  writer ??= (async () => {
    const module = await import('zxing-wasm/writer');
    const require = createRequire(import.meta.url);
    const wasm = await readFile(require.resolve('zxing-wasm/writer/zxing_writer.wasm'));
    module.prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    });
    return module;
  })();
  return writer;
}

/** The ticket as a QR code in SVG (medium error correction: a phone screen's glare). */
export async function ticketSvg(ticket: string): Promise<string> {
  const { writeBarcode } = await qrWriter();
  const result = await writeBarcode(ticket, { format: 'QRCode', ecLevel: 'M', scale: 6 });
  if (result.error || !result.svg) throw new Error(`QR code not written: ${result.error}`);
  return result.svg;
}
