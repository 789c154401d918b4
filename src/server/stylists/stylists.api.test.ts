import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '#tests/support/staff-fixture.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';

let t: TestApp;
let support: TestClient;
let manager: TestClient;
let admin: TestClient;
let stylist: { client: TestClient; id: string; email: string };
/** The app's error lines: a handler that sends its own reply must not fail after sending it. */
const errors: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    config: { staff: { signInPerAddress: 10_000 } },
    logTo: { write: (line) => void errors.push(line) },
    logLevel: 'error',
  });
  support = (await signedInStaff(t, 'support')).client;
  manager = (await signedInStaff(t, 'manager')).client;
  admin = (await signedInStaff(t, 'admin')).client;
  stylist = await signedInStaff(t, 'support');
  expect((await admin.post('/staff-api/staff/stylist', { id: stylist.id, isStylist: true })).status).toBe(
    200,
  );
});
afterAll(() => t.close());

const photo = (width = 2000, height = 1500) =>
  sharp({ create: { width, height, channels: 3, background: '#a05030' } })
    .jpeg()
    .toBuffer();

const count = async (table: string) =>
  Number((await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n);
const auditOf = (action: string) =>
  t.ctx.db.query<{ actor_id: string; member_id: string | null; change: Record<string, unknown> }>(
    'SELECT actor_id, member_id, change FROM audit_log WHERE action = $1 ORDER BY id',
    [action],
  );

let storeSeq = 0;
async function newStore(timeZone = 'Europe/London') {
  const res = await admin.post<{ store: { id: string } }>('/staff-api/stores', {
    code: `S${++storeSeq}-${Date.now()}`,
    name: `Store ${storeSeq}`,
    timeZone,
    address: '1 High Street',
  });
  expect(res.status).toBe(201);
  return res.body.store.id;
}

describe('stores', () => {
  it('an admin adds and edits a store, audited; a bad time zone or a taken code is a 4xx that writes nothing', async () => {
    const id = await newStore('Europe/Copenhagen');
    const code = `EDIT-${Date.now()}`;
    const edited = await admin.post('/staff-api/stores/update', {
      id,
      code,
      name: 'Strøget',
      timeZone: 'Europe/Copenhagen',
      address: 'Amagertorv 1',
    });
    expect(edited.status).toBe(200);
    expect((await auditOf('store.update')).at(-1)?.change).toMatchObject({ after: { name: 'Strøget' } });
    expect((await auditOf('store.create')).length).toBeGreaterThan(0);
    const before = await count('stores');
    const badZone = await admin.post('/staff-api/stores', {
      code: 'X1',
      name: 'X',
      timeZone: 'Mars/Olympus',
    });
    expect(badZone.status).toBe(400);
    expect(badZone.body.fieldErrors).toHaveProperty('timeZone');
    const taken = await admin.post('/staff-api/stores', { code, name: 'Y', timeZone: 'Europe/London' });
    expect(taken).toMatchObject({ status: 409, body: { error: 'StoreCodeTaken' } });
    expect(await count('stores')).toBe(before);
    const list = await support.get<{ stores: { name: string }[] }>('/staff-api/stores');
    expect(list.body.stores.map((s) => s.name)).toContain('Strøget');
  });

  it('support and managers cannot change stores; a member cannot reach the staff doors at all', async () => {
    const body = { code: 'NOPE', name: 'Nope', timeZone: 'Europe/London' };
    expect((await support.post('/staff-api/stores', body)).status).toBe(403);
    expect((await manager.post('/staff-api/stores', body)).status).toBe(403);
    const member = (await t.signedInMember()).client;
    for (const [method, path] of [
      ['GET', '/staff-api/stores'],
      ['GET', '/staff-api/stylists'],
      ['POST', '/staff-api/stores'],
      ['POST', '/staff-api/staff/stylist'],
      ['POST', '/staff-api/member/personal-shopper'],
      ['POST', '/staff-api/invites'],
    ] as const) {
      const res = method === 'GET' ? await member.get(path) : await member.post(path, body);
      expect(res.status, path).toBe(401);
    }
    expect((await member.upload('/staff-api/images', await photo(200, 200))).status).toBe(401);
  });
});

describe('images', () => {
  it('an upload is resized to the fixed widths (never upscaled), served immutable with an ETag', async () => {
    const res = await stylist.client.upload<{
      image: { id: string; width: number; height: number; renditions: { width: number; url: string }[] };
    }>('/staff-api/images', await photo(1000, 750));
    expect(res.status).toBe(201);
    const { image } = res.body;
    expect(image).toMatchObject({ width: 640, height: 480 });
    expect(image.renditions.map((r) => r.width)).toEqual([160, 320, 640]);
    const anyone = t.client();
    errors.length = 0;
    const served = await anyone.get(`/api/images/${image.id}/320.webp`);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(served.headers.etag);
    expect((await anyone.get(`/api/images/${image.id}/320.webp`, { 'if-none-match': etag })).status).toBe(
      304,
    );
    expect((await anyone.get(`/api/images/${image.id}/1280.webp`)).status).toBe(404);
    expect((await anyone.get(`/api/images/${image.id}/321.webp`)).status).toBe(404);
    expect((await anyone.get('/api/images/not-an-id/320.webp')).status).toBe(404);
    // What is logged once a response has finished comes a turn of the event loop later.
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors.filter((line) => !line.includes('"statusCode":404'))).toEqual([]);
    const meta = await sharp(Buffer.from(served.body as unknown as string, 'binary'))
      .metadata()
      .catch(() => null);
    expect(meta === null || meta.width === 320).toBe(true);
    expect((await auditOf('image.upload')).length).toBe(1);
  });

  it('bytes that are not an image (whatever they are called) are a 422 NotAnImage that writes nothing', async () => {
    const before = await count('images');
    const text = Buffer.from('GIF89a this is not really a picture');
    const res = await stylist.client.upload('/staff-api/images', text);
    expect(res).toMatchObject({ status: 422, body: { error: 'NotAnImage' } });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect((await stylist.client.upload('/staff-api/images', svg)).status).toBe(422);
    // A declared image type is refused before the body is read: only raw bytes are taken.
    expect(
      (await stylist.client.upload('/staff-api/images', await photo(200, 200), 'image/png')).status,
    ).toBe(415);
    expect(await count('images')).toBe(before);
  });

  it('an upload over 10 MB is a 413 that writes nothing', async () => {
    const before = await count('images');
    const res = await stylist.client.upload('/staff-api/images', Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect(res).toMatchObject({ status: 413, body: { error: 'BodyTooLarge' } });
    expect(await count('images')).toBe(before);
  });
});

async function profileOf(client: TestClient, staffId: string, extra: Record<string, unknown> = {}) {
  return client.post('/staff-api/stylist-profile', {
    staffId,
    displayName: 'Sophie Turner',
    introduction: { 'en-GB': 'I dress people for weddings.', 'da-DK': 'Jeg klæder folk på til bryllupper.' },
    languages: ['en', 'da'],
    workEmail: 'sophie@example.com',
    phone: '+44 20 7946 0000',
    whatsapp: '+44 7700 900123',
    ...extra,
  });
}

describe('stylists', () => {
  it('only an admin makes a stylist (audited); a stylist edits their own profile, nobody else but an admin', async () => {
    const other = await signedInStaff(t, 'support');
    expect((await manager.post('/staff-api/staff/stylist', { id: other.id, isStylist: true })).status).toBe(
      403,
    );
    expect((await auditOf('staff.stylist')).at(-1)).toMatchObject({ change: { after: { isStylist: true } } });
    const store = await newStore();
    const { id: imageId } = (
      await stylist.client.upload<{ image: { id: string } }>('/staff-api/images', await photo(400, 400))
    ).body.image;
    const saved = await profileOf(stylist.client, stylist.id, { homeStoreId: store, photoImageId: imageId });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ profile: { displayName: 'Sophie Turner', homeStore: { id: store } } });
    expect((await auditOf('stylist.profile')).length).toBe(1);
    expect((await profileOf(other.client, stylist.id)).status).toBe(403);
    expect((await profileOf(admin, stylist.id, { displayName: 'Sophie T.' })).status).toBe(200);
    // Not a stylist: nobody can give them a profile.
    expect((await profileOf(other.client, other.id)).body).toMatchObject({ error: 'NotAStylist' });
    // Bad input: a clear 400 per field, nothing written.
    const bad = await profileOf(stylist.client, stylist.id, { whatsapp: '07700 900123', workEmail: 'nope' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors as object).sort()).toEqual(['whatsapp', 'workEmail']);
    const ghostStore = await profileOf(stylist.client, stylist.id, {
      homeStoreId: '00000000-0000-4000-8000-000000000000',
    });
    expect(ghostStore.body).toMatchObject({ error: 'StoreNotFound' });
    expect((await auditOf('stylist.profile')).length).toBe(2);
  });
});

describe('the personal shopper', () => {
  async function accept(acceptUrl: string) {
    const token = new URL(acceptUrl).searchParams.get('token') ?? '';
    const browser = t.client();
    const res = await browser.post('/api/accept-invite', {
      token,
      allowMarketing: false,
      allowMarketingWhatsApp: false,
    });
    expect(res.status).toBe(200);
    return browser;
  }

  it('an invitation a stylist sends from the console makes them the personal shopper of who accepts it', async () => {
    await profileOf(stylist.client, stylist.id);
    const email = `invited-${Date.now()}@example.com`;
    const sent = await stylist.client.post('/staff-api/invites', { email, name: 'Maya Jensen' });
    expect(sent).toMatchObject({ status: 201, body: { fromStylist: true } });
    const [invite] = await t.ctx.db.query<{ invited_by_staff_id: string; invited_by: string }>(
      'SELECT invited_by_staff_id, invited_by FROM invites WHERE email = $1',
      [email],
    );
    expect(invite).toMatchObject({ invited_by_staff_id: stylist.id, invited_by: 'Sophie Turner' });
    const mail = t.mails.find((m) => m.to === email);
    const url = mail?.links?.[0] ?? '';
    const member = await accept(url);
    const shopper = await member.get('/api/personal-shopper');
    expect(shopper.body).toMatchObject({
      personalShopper: {
        displayName: 'Sophie Turner',
        introduction: 'I dress people for weddings.',
        whatsapp: '+44 7700 900123',
      },
    });
    expect((await t.client().get('/api/personal-shopper')).status).toBe(401);
    // The member's copy of their data names the stylist who looks after them.
    const exported = await member.get('/api/privacy/export');
    expect(exported.body).toMatchObject({ personalShopper: { name: 'Sophie Turner' } });
  });

  it('an invitation by a staff member who is no stylist sets none; the partner API names the stylist by email', async () => {
    const email = `plain-${Date.now()}@example.com`;
    expect((await support.post('/staff-api/invites', { email, name: 'Jo' })).body).toMatchObject({
      fromStylist: false,
    });
    const member = await accept(t.mails.find((m) => m.to === email)?.links?.[0] ?? '');
    expect((await member.get('/api/personal-shopper')).body).toEqual({
      success: true,
      personalShopper: null,
    });

    const refused = await t.partner('POST', '/invites', {
      email: 'x@example.com',
      name: 'X',
      stylist: 'nobody@example.com',
    });
    expect(refused).toMatchObject({ status: 422, body: { error: 'NotAStylist' } });
    const viaCli = `cli-${Date.now()}@example.com`;
    const created = await t.partner<{ invite: { acceptUrl: string; invitedBy: string } }>(
      'POST',
      '/invites',
      {
        email: viaCli,
        name: 'Kim',
        stylist: stylist.email,
      },
    );
    expect(created.body.invite.invitedBy).toBe('Sophie Turner');
    const kim = await accept(created.body.invite.acceptUrl);
    expect((await kim.get('/api/personal-shopper')).body).toMatchObject({
      personalShopper: { displayName: 'Sophie Turner' },
    });
  });

  it("a manager changes a member's personal shopper (audited); support cannot; a non-stylist is refused", async () => {
    const { client: member, loyaltyId } = await t.signedInMember();
    const [row] = await t.ctx.db.query<{ id: string }>('SELECT id FROM accounts WHERE loyalty_id = $1', [
      loyaltyId,
    ]);
    expect(
      (await support.post('/staff-api/member/personal-shopper', { loyaltyId, staffId: stylist.id })).status,
    ).toBe(403);
    const other = await signedInStaff(t, 'support');
    expect(
      (await manager.post('/staff-api/member/personal-shopper', { loyaltyId, staffId: other.id })).body,
    ).toMatchObject({
      error: 'NotAStylist',
    });
    const done = await manager.post('/staff-api/member/personal-shopper', { loyaltyId, staffId: stylist.id });
    expect(done.status).toBe(200);
    const audit = (await auditOf('member.personal_shopper')).at(-1);
    expect(audit).toMatchObject({
      member_id: row?.id,
      change: { before: { personalShopperId: null }, after: { personalShopperId: stylist.id } },
    });
    const view = await support.get<{ personalShopper: { staffId: string } }>(
      `/staff-api/member/personal-shopper?loyaltyId=${loyaltyId}`,
    );
    expect(view.body.personalShopper.staffId).toBe(stylist.id);
    expect((await member.get('/api/personal-shopper')).body).toMatchObject({
      personalShopper: { displayName: 'Sophie Turner' },
    });
    expect(
      (await manager.post('/staff-api/member/personal-shopper', { loyaltyId, staffId: null })).status,
    ).toBe(200);
    expect((await member.get('/api/personal-shopper')).body).toMatchObject({ personalShopper: null });
  });
});
