import { createPublicKey } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAppointmentTime } from '#shared/domain/appointment-time.ts';
import { startGoogleWalletStandIn } from '#tests/support/google-wallet-stand-in.ts';
import { manifestCheck, verifySignature } from '#tests/support/pkpass.ts';
import { signedInStaff } from '#tests/support/staff-fixture.ts';
import { createTestApp, type TestClient } from '#tests/support/test-app.ts';
import { unzip } from '#tests/support/unzip.ts';
import { passSigningKeys } from '../wallet/wallet-service.ts';

const hour = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * hour).toISOString();

interface Field {
  key: string;
  label: string;
  value: string | number;
}
interface TicketPass {
  serialNumber: string;
  description: string;
  organizationName: string;
  backgroundColor: string;
  foregroundColor: string;
  labelColor: string;
  relevantDate: string;
  expirationDate: string;
  eventTicket: Record<'primaryFields' | 'secondaryFields' | 'auxiliaryFields' | 'backFields', Field[]>;
  barcodes: { format: string; message: string }[];
}
interface SavePayload {
  eventTicketClasses: Record<string, unknown>[];
  eventTicketObjects: Record<string, unknown>[];
}

/** An app (in a locale) with a store, a manager and a way to make events and attending members. */
async function scheme(
  locale: 'en-GB' | 'da-DK',
  google?: Awaited<ReturnType<typeof startGoogleWalletStandIn>>,
) {
  const t = await createTestApp({
    config: {
      locale,
      staff: { signInPerAddress: 10_000 },
      vipLevels: ['Gold'],
      ...(google ? { wallet: { google: google.config } } : {}),
    },
  });
  const manager = (await signedInStaff(t, 'manager')).client;
  const [store] = await t.ctx.db.query<{ id: string }>(
    `INSERT INTO stores (code, name, time_zone, address) VALUES ('WAL-STORE', 'Regent Street', 'Europe/London', '1 Regent Street, London')
     RETURNING id`,
  );
  const startsAt = inHours(72);
  const endsAt = inHours(75);
  const event = async (overrides: Record<string, unknown> = {}) => {
    const res = await manager.post<{ event: { id: string } }>('/staff-api/events', {
      title: { 'en-GB': 'Preview evening', 'da-DK': 'Forpremiereaften' },
      description: { 'en-GB': 'The new season.', 'da-DK': 'Den nye sæson.' },
      imageId: null,
      place: { kind: 'store', storeId: store?.id },
      startsAt,
      endsAt,
      rsvpDeadline: inHours(48),
      capacity: 10,
      guestsAllowed: 1,
      audience: { kind: 'all' },
      ...overrides,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.event.id;
  };
  /** A member's answer, and the ticket value the events page shows them. */
  const answer = async (client: TestClient, id: string, body: Record<string, unknown>) => {
    const res = await client.post<{ event: { mine: { ticket: string | null } | null } }>(
      `/api/events/${id}/rsvp`,
      body,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.event.mine?.ticket ?? null;
  };
  const download = (client: TestClient, id: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/events/${id}/ticket.pkpass`,
      headers: { cookie: `session=${client.sessionCookie()}` },
    });
  const passOf = (raw: Buffer) => {
    const files = unzip(raw);
    return { files, pass: JSON.parse(String(files.get('pass.json'))) as TicketPass };
  };
  const saveLink = async (client: TestClient, id: string) => {
    const res = await client.get<{ saveUrl: string }>(`/api/events/${id}/google-wallet`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const jwt = res.body.saveUrl.split('/').at(-1) ?? '';
    const { google } = passSigningKeys(t.ctx);
    const verified = await jwtVerify(jwt, createPublicKey(google.private_key), {
      issuer: google.client_email,
      audience: 'google',
    });
    return {
      saveUrl: res.body.saveUrl,
      claims: verified.payload,
      payload: verified.payload.payload as SavePayload,
    };
  };
  return { t, event, answer, download, passOf, saveLink, startsAt, endsAt };
}

const fieldsOf = (pass: TicketPass) => Object.values(pass.eventTicket).flat();
const field = (pass: TicketPass, key: string) => fieldsOf(pass).find((f) => f.key === key);

describe('the event ticket in Apple Wallet and Google Wallet (en-GB)', () => {
  let s: Awaited<ReturnType<typeof scheme>>;
  beforeAll(async () => {
    s = await scheme('en-GB');
  });
  afterAll(() => s.t.close());

  it('ticket.pkpass: a signed eventTicket pass with the title, the time in the event zone, the place, the guest and the page’s ticket as a QR code', async () => {
    const id = await s.event();
    const m = await s.t.signedInMember({ name: 'Ada Lovelace' });
    const ticket = await s.answer(m.client, id, { answer: 'yes', guests: 1 });
    const response = await s.download(m.client, id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(response.headers['content-disposition']).toContain('.pkpass');
    expect(response.headers['cache-control']).toContain('no-store');
    const { files, pass } = s.passOf(response.rawPayload);
    expect([...files.keys()]).toEqual(
      expect.arrayContaining([
        'pass.json',
        'manifest.json',
        'signature',
        'icon.png',
        'logo.png',
        'logo@2x.png',
      ]),
    );
    expect(pass.eventTicket.primaryFields).toEqual([
      { key: 'event', label: 'Event', value: 'Preview evening' },
    ]);
    expect(field(pass, 'when')).toMatchObject({
      label: 'When',
      value: formatAppointmentTime(s.startsAt, 'en-GB', 'Europe/London'),
    });
    expect(field(pass, 'where')).toMatchObject({ label: 'Where', value: 'Regent Street' });
    expect(field(pass, 'guests')).toMatchObject({ label: 'Guests', value: 1 });
    expect(field(pass, 'holder')?.value).toBe('Ada Lovelace');
    expect(field(pass, 'address')?.value).toBe('1 Regent Street, London');
    expect(pass.relevantDate).toBe(s.startsAt);
    expect(pass.expirationDate).toBe(s.endsAt);
    expect(pass.barcodes).toEqual([
      { format: 'PKBarcodeFormatQR', message: ticket, messageEncoding: 'iso-8859-1' },
    ]);
    expect(pass.description).toBe('Event ticket: Preview evening');
    expect(pass.organizationName).toBe(s.t.config.title);
    expect(pass).toMatchObject({
      backgroundColor: s.t.config.wallet.backgroundColor,
      foregroundColor: s.t.config.wallet.foregroundColor,
      labelColor: s.t.config.wallet.labelColor,
    });
    // The same logo as the membership card's.
    const card = unzip(
      (
        await s.t.app.inject({
          method: 'GET',
          url: '/api/passkit',
          headers: { cookie: `session=${m.client.sessionCookie()}` },
        })
      ).rawPayload,
    );
    expect(files.get('logo.png')?.equals(card.get('logo.png') ?? Buffer.alloc(0))).toBe(true);
    // One serial per answer: the same at the next download, another for another member.
    const again = s.passOf((await s.download(m.client, id)).rawPayload).pass;
    expect(again.serialNumber).toBe(pass.serialNumber);
    const other = await s.t.signedInMember({ name: 'Other Member' });
    await s.answer(other.client, id, { answer: 'yes', guests: 0 });
    const theirs = s.passOf((await s.download(other.client, id)).rawPayload).pass;
    expect(theirs.serialNumber).not.toBe(pass.serialNumber);
    // No guests, no guests field.
    expect(field(theirs, 'guests')).toBeUndefined();
  });

  it('ticket.pkpass: the manifest holds the SHA-1 of every file and the signature verifies with the signer chain', async () => {
    const id = await s.event();
    const m = await s.t.signedInMember();
    await s.answer(m.client, id, { answer: 'yes', guests: 0 });
    const { files } = s.passOf((await s.download(m.client, id)).rawPayload);
    const manifest = manifestCheck(files);
    expect(manifest.listed).toEqual(manifest.present);
    expect(manifest.hashesMatch).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'event-pkpass-'));
    writeFileSync(join(dir, 'manifest.json'), files.get('manifest.json') ?? '');
    writeFileSync(join(dir, 'signature'), files.get('signature') ?? '');
    writeFileSync(join(dir, 'wwdr.pem'), passSigningKeys(s.t.ctx).apple.wwdr);
    expect(verifySignature(dir)).toBeDefined();
    writeFileSync(join(dir, 'manifest.json'), '{}');
    expect(() => verifySignature(dir)).toThrow();
  });

  it('google-wallet: a save link whose JWT verifies with the key and carries the event’s class and the member’s ticket object', async () => {
    const id = await s.event();
    const m = await s.t.signedInMember({ name: 'Grace Hopper' });
    const ticket = await s.answer(m.client, id, { answer: 'yes', guests: 1 });
    const { saveUrl, claims, payload } = await s.saveLink(m.client, id);
    expect(saveUrl).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(claims.typ).toBe('savetowallet');
    expect(claims.origins).toEqual(['http://localhost:3000']);
    const issuer = s.t.config.wallet.google.issuerId;
    const classId = `${issuer}.event_${id}`;
    expect(payload.eventTicketClasses).toHaveLength(1);
    expect(payload.eventTicketClasses[0]).toMatchObject({
      id: classId,
      issuerName: s.t.config.title,
      eventName: { defaultValue: { language: 'en-GB', value: 'Preview evening' } },
      venue: {
        name: { defaultValue: { value: 'Regent Street' } },
        address: { defaultValue: { value: '1 Regent Street, London' } },
      },
      logo: { sourceUri: { uri: 'http://localhost:3000/wallet/logo.png' } },
    });
    const { dateTime } = payload.eventTicketClasses[0] as { dateTime: { start: string; end: string } };
    // With the event zone's offset: the same instants, written as the venue's local time.
    expect(new Date(dateTime.start).toISOString()).toBe(s.startsAt.replace(/\.\d+Z$/, '.000Z'));
    expect(new Date(dateTime.end).toISOString()).toBe(s.endsAt.replace(/\.\d+Z$/, '.000Z'));
    expect(dateTime.start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(payload.eventTicketObjects).toHaveLength(1);
    const object = payload.eventTicketObjects[0] ?? {};
    expect(object).toMatchObject({
      classId,
      state: 'ACTIVE',
      ticketHolderName: 'Grace Hopper',
      barcode: { type: 'QR_CODE', value: ticket },
      textModulesData: [{ id: 'guests', header: 'Guests', body: '1' }],
    });
    expect(String(object.id)).toMatch(new RegExp(`^${issuer}\\.ticket_[0-9a-f-]{36}$`));
    // One object per answer: the same id again.
    const again = await s.saveLink(m.client, id);
    expect(again.payload.eventTicketObjects[0]?.id).toBe(object.id);
  });

  it('only the member’s own place: another member, waitlisted, declined, cancelled answers and a cancelled event get 404; signed out 401', async () => {
    const id = await s.event({ capacity: 1 });
    const attending = await s.t.signedInMember();
    await s.answer(attending.client, id, { answer: 'yes', guests: 0 });
    const waiting = await s.t.signedInMember();
    await s.answer(waiting.client, id, { answer: 'waitlist', guests: 0 });
    const declined = await s.t.signedInMember();
    await s.answer(declined.client, id, { answer: 'no', guests: 0 });
    const stranger = await s.t.signedInMember();
    const refused = async (client: TestClient, eventId = id) => {
      expect((await s.download(client, eventId)).statusCode).toBe(404);
      const google = await client.get<{ saveUrl?: string }>(`/api/events/${eventId}/google-wallet`);
      expect(google.status).toBe(404);
      expect(google.body.saveUrl).toBeUndefined();
    };
    for (const client of [waiting.client, declined.client, stranger.client]) await refused(client);
    // Another member's event the stranger cannot see, an unknown id and a malformed one: the same 404.
    const invitedOnly = await s.event({ audience: { kind: 'levels', levels: ['Gold'] } });
    await refused(stranger.client, invitedOnly);
    await refused(stranger.client, '00000000-0000-4000-8000-000000000000');
    await refused(stranger.client, 'not-an-id');
    const signedOut = s.t.client();
    expect((await signedOut.get(`/api/events/${id}/ticket.pkpass`)).status).toBe(401);
    expect((await signedOut.get(`/api/events/${id}/google-wallet`)).status).toBe(401);
    // The attending member gives up the place: no ticket any more.
    expect((await s.download(attending.client, id)).statusCode).toBe(200);
    expect((await attending.client.post(`/api/events/${id}/cancel`)).status).toBe(200);
    await refused(attending.client);
    // A cancelled event: the one now attending (promoted from the waitlist) loses the ticket too.
    expect((await s.download(waiting.client, id)).statusCode).toBe(200);
    const manager = (await signedInStaff(s.t, 'manager')).client;
    expect((await manager.post(`/staff-api/events/${id}/cancel`)).status).toBe(200);
    await refused(waiting.client);
  });

  it('nothing is stored: no new table rows for a pass or a save link', async () => {
    const id = await s.event();
    const m = await s.t.signedInMember();
    await s.answer(m.client, id, { answer: 'yes', guests: 0 });
    const counts = () =>
      s.t.ctx.db.query<{ passes: number; rsvps: number }>(
        `SELECT (SELECT count(*) FROM wallet_passes)::int AS passes, (SELECT count(*) FROM event_rsvps)::int AS rsvps`,
      );
    const before = await counts();
    await s.download(m.client, id);
    await s.saveLink(m.client, id);
    expect(await counts()).toEqual(before);
  });
});

describe('the event ticket in a Danish scheme', () => {
  let s: Awaited<ReturnType<typeof scheme>>;
  beforeAll(async () => {
    s = await scheme('da-DK');
  });
  afterAll(() => s.t.close());

  it('pass.json and the Google objects are in Danish: the title, the labels and the time', async () => {
    const id = await s.event();
    const m = await s.t.signedInMember({ name: 'Karen Blixen' });
    await s.answer(m.client, id, { answer: 'yes', guests: 1 });
    const response = await s.download(m.client, id);
    expect(response.statusCode).toBe(200);
    const { pass } = s.passOf(response.rawPayload);
    expect(pass.eventTicket.primaryFields).toEqual([
      { key: 'event', label: 'Arrangement', value: 'Forpremiereaften' },
    ]);
    const when = formatAppointmentTime(s.startsAt, 'da-DK', 'Europe/London');
    expect(when).toContain('kl.');
    expect(field(pass, 'when')).toMatchObject({ label: 'Hvornår', value: when });
    expect(field(pass, 'where')?.label).toBe('Sted');
    expect(field(pass, 'guests')?.label).toBe('Gæster');
    expect(field(pass, 'about')?.value).toBe('Vis koden ved indgangen. Den er kun din og virker én gang.');
    expect(pass.description).toBe('Billet til arrangement: Forpremiereaften');
    const { payload } = await s.saveLink(m.client, id);
    expect(payload.eventTicketClasses[0]).toMatchObject({
      eventName: { defaultValue: { language: 'da-DK', value: 'Forpremiereaften' } },
    });
    expect(payload.eventTicketObjects[0]).toMatchObject({
      ticketHolderName: 'Karen Blixen',
      textModulesData: [{ header: 'Gæster', body: '1' }],
    });
  });
});

describe('the event ticket through the Google Wallet REST API (against a local stand-in)', () => {
  let google: Awaited<ReturnType<typeof startGoogleWalletStandIn>>;
  let s: Awaited<ReturnType<typeof scheme>>;
  beforeAll(async () => {
    google = await startGoogleWalletStandIn();
    s = await scheme('en-GB', google);
    const { google: account } = passSigningKeys(s.t.ctx);
    google.trustServiceAccount(account.client_email, account.private_key);
  });
  afterAll(async () => {
    await s.t.close();
    await google.close();
  });

  it('creates the event’s class and the member’s object first; the link names only the object, under 1,800 characters', async () => {
    const id = await s.event();
    const m = await s.t.signedInMember({ name: 'Rest Member' });
    const ticket = await s.answer(m.client, id, { answer: 'yes', guests: 0 });
    const before = google.requests.length;
    const { saveUrl, payload } = await s.saveLink(m.client, id);
    const objectId = String(payload.eventTicketObjects[0]?.id);
    expect(payload).toEqual({ eventTicketObjects: [{ id: objectId }] });
    expect(saveUrl.length).toBeLessThan(1800);
    const classId = `${s.t.config.wallet.google.issuerId}.event_${id}`;
    expect(google.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /token',
      'POST /walletobjects/v1/eventTicketClass',
      'POST /walletobjects/v1/eventTicketObject',
    ]);
    expect(google.classes.get(classId)).toMatchObject({
      eventName: { defaultValue: { value: 'Preview evening' } },
    });
    expect(google.objects.get(objectId)).toMatchObject({
      classId,
      state: 'ACTIVE',
      ticketHolderName: 'Rest Member',
      barcode: { type: 'QR_CODE', value: ticket },
    });
    // Asked again: the class is known, the object exists and is brought up to date.
    const again = google.requests.length;
    await s.saveLink(m.client, id);
    expect(google.requests.slice(again).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /walletobjects/v1/eventTicketObject',
      `PATCH /walletobjects/v1/eventTicketObject/${encodeURIComponent(objectId)}`,
    ]);
  });
});
