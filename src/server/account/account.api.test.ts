import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAccountEndpoint, updateAccountEndpoint } from '#shared/api/account.ts';
import { viewerResponseSchema } from '#shared/api/viewer.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

const signInMessage = 'To access your account details, you first need to sign in';

describe('update-account in the described configuration (SPEC §4, §5, §6)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('update-account: needs sign-in (§6)', async () => {
    const res = await t.client().post('/api/update-account', { marketingConsent: 'consent' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, message: signInMessage, errorCode: 'LOGIN_REQUIRED' });
  });

  it('update-account: name and email cannot change while self profile update is disabled (§5)', async () => {
    const { client, email } = await t.signedInMember({ name: 'Ada Stone' });
    const res = await client.post('/api/update-account', { name: 'Someone Else', email });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false });
    const viewer = viewerResponseSchema.parse((await client.get('/api-w/viewer')).body);
    expect(viewer.account?.fullName).toBe('Ada Stone');
  });

  it('update-account: sending the unchanged name and email with a consent change is accepted', async () => {
    const { client, email } = await t.signedInMember({ name: 'Ada Stone' });
    const res = await client.post('/api/update-account', {
      name: 'Ada Stone',
      email: email.toUpperCase(),
      currency: 'GBP',
      marketingConsent: 'consent',
      marketingConsentWhatsApp: 'decline',
    });
    expect(res.status).toBe(200);
    const body = updateAccountEndpoint.response.parse(res.body);
    expect(body).toMatchObject({ success: true, message: 'Your details have been updated.' });
    expect(body.account?.membership).toMatchObject({
      marketingConsent: 'consent',
      marketingConsentWhatsApp: 'decline',
    });
  });

  it('update-account: consents are recorded append-only with time and source; no change records nothing (§4)', async () => {
    const { client, email } = await t.signedInMember();
    await client.post('/api/update-account', {
      marketingConsent: 'consent',
      marketingConsentWhatsApp: 'decline',
    });
    await client.post('/api/update-account', {
      marketingConsent: 'decline',
      marketingConsentWhatsApp: 'decline',
    });
    const unchanged = await client.post('/api/update-account', { marketingConsent: 'decline' });
    expect(unchanged.body).toMatchObject({ success: true, message: 'There were no changes to save.' });
    const history = await t.ctx.db.query<{
      channel: string;
      choice: string;
      source: string;
      recorded_at: Date;
    }>(
      `SELECT c.channel, c.choice, c.source, c.recorded_at FROM marketing_consents c
         JOIN accounts a ON a.id = c.account_id WHERE a.email = $1 ORDER BY c.id`,
      [email],
    );
    expect(history.map((row) => [row.channel, row.choice, row.source])).toEqual([
      ['email', 'consent', 'edit-details'],
      ['whatsapp', 'decline', 'edit-details'],
      ['email', 'decline', 'edit-details'],
    ]);
    for (const row of history)
      expect(new Date(row.recorded_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('update-account: an answered consent cannot go back to unknown (§4)', async () => {
    const { client } = await t.signedInMember();
    await client.post('/api/update-account', { marketingConsent: 'consent' });
    const res = await client.post('/api/update-account', { marketingConsent: 'unknown' });
    expect(res.status).toBe(400);
    const viewer = viewerResponseSchema.parse((await client.get('/api-w/viewer')).body);
    expect(viewer.account?.membership.marketingConsent).toBe('consent');
  });

  it('update-account: the currency is locked when only one is allowed (§5)', async () => {
    const { client } = await t.signedInMember();
    const res = await client.post('/api/update-account', { currency: 'EUR' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ fieldErrors: { currency: expect.any(String) } });
  });

  it('update-account: credit accounts cannot edit their details (§6)', async () => {
    const { client, email } = await t.signedInMember();
    await t.ctx.db.query('UPDATE accounts SET is_credit = true WHERE email = $1', [email]);
    const res = await client.post('/api/update-account', { marketingConsent: 'consent' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error: 'CreditAccount' });
  });

  it('update-account: a blank name or email is refused and changes nothing (§5)', async () => {
    const { client } = await t.signedInMember();
    const res = await client.post('/api/update-account', { name: '  ', email: '' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      fieldErrors: { name: 'Enter your name', email: 'Enter your email address' },
    });
  });
});

describe('update-account: the telephone number and WhatsApp (telephone numbers on)', () => {
  let t: TestApp;
  let danish: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    danish = await createTestApp({ config: { locale: 'da-DK' } });
  });
  afterAll(async () => {
    await t.close();
    await danish.close();
  });

  const consentRows = (app: TestApp, email: string) =>
    app.ctx.db.query(
      `SELECT c.channel FROM marketing_consents c JOIN accounts a ON a.id = c.account_id WHERE a.email = $1`,
      [email],
    );

  it('WhatsApp consent without a number is refused (400 TelephoneRequired) and changes nothing', async () => {
    const { client, email } = await t.signedInMember();
    const res = await client.post('/api/update-account', {
      marketingConsent: 'consent',
      marketingConsentWhatsApp: 'consent',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      error: 'TelephoneRequired',
      fieldErrors: { telephoneNumber: 'Add your telephone number to hear from us on WhatsApp.' },
    });
    expect(await consentRows(t, email)).toEqual([]);
    const viewer = viewerResponseSchema.parse((await client.get('/api-w/viewer')).body);
    expect(viewer.account?.membership).toMatchObject({
      marketingConsent: 'unknown',
      marketingConsentWhatsApp: 'unknown',
    });
  });

  it('a UK number in any usual form is kept in the international form, with WhatsApp in the same request; staff see it', async () => {
    const { client, loyaltyId } = await t.signedInMember();
    const res = await client.post('/api/update-account', {
      marketingConsent: 'decline',
      marketingConsentWhatsApp: 'consent',
      telephoneNumber: ' 07700-900 123 ',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = updateAccountEndpoint.response.parse(res.body);
    expect(body.account).toMatchObject({
      telephoneNumber: '+44 7700 900123',
      membership: { marketingConsent: 'decline', marketingConsentWhatsApp: 'consent' },
    });
    const staff = await t.partner<{ member: { telephoneNumber: string | null } }>(
      'GET',
      `/members/${loyaltyId}`,
    );
    expect(staff.body.member.telephoneNumber).toBe('+44 7700 900123');
    // Changed to another number.
    const changed = await client.post('/api/update-account', { telephoneNumber: '+44 20 7946 0000' });
    expect(updateAccountEndpoint.response.parse(changed.body).account?.telephoneNumber).toBe(
      '+44 20 7946 0000',
    );
  });

  it('a number not of the scheme’s country is refused with the field flagged, and nothing changes', async () => {
    const { client } = await t.signedInMember();
    for (const typed of ['12345', '+45 20 30 40 50', '7700 900123', 'not a number']) {
      const res = await client.post('/api/update-account', {
        marketingConsent: 'consent',
        telephoneNumber: typed,
      });
      expect(res.status, typed).toBe(400);
      expect(res.body, typed).toMatchObject({
        error: 'InvalidRequest',
        fieldErrors: { telephoneNumber: 'Enter a UK telephone number, like 07700 900123.' },
      });
    }
    const viewer = viewerResponseSchema.parse((await client.get('/api-w/viewer')).body);
    expect(viewer.account).toMatchObject({
      telephoneNumber: null,
      membership: { marketingConsent: 'unknown' },
    });
  });

  it('the number cannot be removed while WhatsApp is on, unless WhatsApp is declined with it', async () => {
    const { client } = await t.signedInMember();
    await client.post('/api/update-account', {
      marketingConsent: 'consent',
      marketingConsentWhatsApp: 'consent',
      telephoneNumber: '07700 900123',
    });
    const refused = await client.post('/api/update-account', { telephoneNumber: '' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'TelephoneRequired' });
    const removed = await client.post('/api/update-account', {
      telephoneNumber: null,
      marketingConsentWhatsApp: 'decline',
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(updateAccountEndpoint.response.parse(removed.body).account).toMatchObject({
      telephoneNumber: null,
      membership: { marketingConsentWhatsApp: 'decline' },
    });
  });

  it('da-DK: a Danish number, grouped in pairs; a UK one is refused in the Danish format’s words', async () => {
    const { client } = await danish.signedInMember();
    const ok = await client.post('/api/update-account', { telephoneNumber: '20304050' });
    expect(updateAccountEndpoint.response.parse(ok.body).account?.telephoneNumber).toBe('+45 20 30 40 50');
    const refused = await client.post('/api/update-account', { telephoneNumber: '07700 900123' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      fieldErrors: { telephoneNumber: 'Enter a Danish telephone number, like 20 30 40 50.' },
    });
  });
});

describe('update-account with self profile update, telephone numbers off and several currencies (SPEC §4, §5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        selfProfileUpdateEnabled: true,
        enableTelephoneNumber: false,
        allowedCurrencies: ['GBP', 'EUR', 'DKK'],
      },
    });
  });
  afterAll(() => t.close());

  it('update-account: changes the name and currency', async () => {
    const { client } = await t.signedInMember({ name: 'Ada Stone' });
    const res = await client.post('/api/update-account', { name: 'Ada Rivers', currency: 'EUR' });
    expect(res.status).toBe(200);
    const body = updateAccountEndpoint.response.parse(res.body);
    expect(body.account).toMatchObject({ fullName: 'Ada Rivers', currency: 'EUR' });
  });

  it('update-account: a currency outside the allowed list is refused', async () => {
    const { client } = await t.signedInMember();
    const res = await client.post('/api/update-account', { currency: 'USD' });
    expect(res.status).toBe(400);
  });

  it("update-account: a new email is the account's only once proven; the proven old one stays until then and is told", async () => {
    const { client, email, loyaltyId } = await t.signedInMember();
    const newEmail = `new-${Date.now()}@example.com`;
    const res = await client.post('/api/update-account', { email: ` ${newEmail.toUpperCase()} ` });
    expect(res.status).toBe(200);
    const body = updateAccountEndpoint.response.parse(res.body);
    expect(body.verificationRequired).toBe(true);
    expect(body.account).toMatchObject({ email, pendingEmail: newEmail, emailIsVerified: true });
    expect(body.message).toContain(newEmail);
    expect(t.mails.find((mail) => mail.to === email)?.subject).toBe('Your email address is being changed');
    // Until it is proven, the new address matches nothing; the old one still finds the member.
    expect((await t.partner('GET', `/members/${encodeURIComponent(newEmail)}`)).status).toBe(404);
    expect((await t.partner('GET', `/members/${encodeURIComponent(email)}`)).body).toMatchObject({
      member: { loyaltyId },
    });
    // The verification link goes to the new address and verifies it.
    const verification = t.mails.find((mail) => mail.to === newEmail);
    expect(verification?.subject).toMatch(/verify your email/i);
    const link = new URL(verification?.links?.[0] ?? '');
    const verified = await client.post('/api/verify-email', {
      username: link.searchParams.get('email'),
      token: link.searchParams.get('token'),
    });
    expect(verified.status).toBe(200);
    const viewer = viewerResponseSchema.parse((await client.get('/api-w/viewer')).body);
    expect(viewer.account).toMatchObject({ email: newEmail, pendingEmail: null, emailIsVerified: true });
    // The member signs in with the new address from now on.
    const again = await t
      .client()
      .post('/api/login', { username: newEmail, password: 'correct-horse-battery' });
    expect(again.status).toBe(200);
  });

  it("update-account: another member's email answers like any other, and stays that member's", async () => {
    const other = await t.signedInMember();
    const { client, email } = await t.signedInMember();
    const res = await client.post('/api/update-account', { email: other.email });
    // The same answer as for a stranger's address (email-change.api.test.ts compares them whole).
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      verificationRequired: true,
      account: { email, pendingEmail: other.email },
    });
    // Its owner gets a note without a link, and is still the one the address finds.
    expect(t.mails.find((mail) => mail.to === other.email)?.links).toEqual(['http://localhost:3000/signin']);
    expect((await t.partner('GET', `/members/${encodeURIComponent(other.email)}`)).body).toMatchObject({
      member: { loyaltyId: other.loyaltyId },
    });
  });

  it('update-account: without telephone numbers a number is refused (400), not kept', async () => {
    const { client } = await t.signedInMember();
    const res = await client.post('/api/update-account', { telephoneNumber: '07700 900123' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'InvalidRequest',
      fieldErrors: { telephoneNumber: expect.any(String) },
    });
  });

  it('update-account: without telephone numbers the WhatsApp choice is not recorded (§4)', async () => {
    const { client } = await t.signedInMember();
    const res = await client.post('/api/update-account', {
      marketingConsent: 'consent',
      marketingConsentWhatsApp: 'consent',
    });
    const body = updateAccountEndpoint.response.parse(res.body);
    expect(body.account?.membership).toMatchObject({
      marketingConsent: 'consent',
      marketingConsentWhatsApp: 'unknown',
    });
  });
});

describe('delete-account (SPEC §4 Account deletion, §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('delete-account: needs sign-in', async () => {
    const res = await t.client().post('/api/delete-account', { username: 'someone@example.com' });
    expect(res.status).toBe(401);
  });

  it('delete-account: a different email is refused and nothing is erased', async () => {
    const { client, email } = await t.signedInMember();
    const res = await client.post('/api/delete-account', { username: 'not-me@example.com' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, fieldErrors: { username: expect.any(String) } });
    const viewer = viewerResponseSchema.parse((await client.get('/api-w/viewer')).body);
    expect(viewer.account?.email).toBe(email);
  });

  it('delete-account: erases personal data, ends every session, keeps the anonymised ledger, frees the email', async () => {
    const { client, email, password } = await t.signedInMember({ name: 'Erin Vale' });
    const otherDevice = t.client();
    expect((await otherDevice.post('/api/login', { username: email, password })).status).toBe(200);
    const { id } = (
      await t.ctx.db.query<{ id: string }>('SELECT id FROM accounts WHERE email = $1', [email])
    )[0] ?? {
      id: '',
    };
    await client.post('/api/update-account', {
      marketingConsent: 'consent',
      marketingConsentWhatsApp: 'decline',
    });
    await t.ctx.db.query(
      `UPDATE accounts SET telephone_number = '+447700900123', points_balance = 250 WHERE id = $1`,
      [id],
    );
    await t.ctx.db.query(
      `INSERT INTO ledger_entries (account_id, kind, points, order_id, channel, store_display_name, order_value, order_currency, reason)
       VALUES ($1, 'purchase', 250, 'ORDER-991', 'in-store', 'Regent Street', 12500, 'GBP', 'Erin Vale asked at the till')`,
      [id],
    );

    // The member has an Apple Wallet pass (a row of the wallet feature's own tables).
    expect((await client.get('/api/passkit')).status).toBe(200);
    expect(await t.ctx.db.query('SELECT 1 FROM wallet_passes WHERE account_id = $1', [id])).toHaveLength(1);

    const res = await client.post('/api/delete-account', { username: ` ${email.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(deleteAccountEndpoint.response.parse(res.body)).toMatchObject({ success: true });
    expect(t.mails[0]).toMatchObject({ to: email, subject: 'Your membership has been deleted' });

    // Both sessions are gone: the viewer is anonymous and account calls need sign-in again.
    for (const browser of [client, otherDevice]) {
      const viewer = viewerResponseSchema.parse((await browser.get('/api-w/viewer')).body);
      expect(viewer.isAnonymous).toBe(true);
      const update = await browser.post('/api/update-account', { marketingConsent: 'decline' });
      expect(update.status).toBe(401);
    }
    expect((await t.client().post('/api/login', { username: email, password })).status).toBe(401);

    const [row] = await t.ctx.db.query<Record<string, unknown>>('SELECT * FROM accounts WHERE id = $1', [id]);
    expect(row).toMatchObject({
      full_name: '',
      email: null,
      telephone_number: null,
      password_hash: null,
      pin: null,
      can_sign_in: false,
    });
    expect(String(row?.loyalty_id)).toMatch(/^deleted-/);
    expect(row?.deleted_at).not.toBeNull();
    const sessions = await t.ctx.db.query('SELECT 1 FROM sessions WHERE account_id = $1', [id]);
    expect(sessions).toHaveLength(0);
    const consents = await t.ctx.db.query('SELECT 1 FROM marketing_consents WHERE account_id = $1', [id]);
    expect(consents).toHaveLength(0);

    // The ledger stays for the retailer's accounts, without what leads back to the person.
    const ledger = await t.ctx.db.query<Record<string, unknown>>(
      'SELECT * FROM ledger_entries WHERE account_id = $1',
      [id],
    );
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      kind: 'purchase',
      points: 250,
      order_value: 12500,
      store_display_name: 'Regent Street',
      order_id: null,
      reason: null,
    });
    expect(ledger[0]?.anonymised_at).not.toBeNull();
    expect(JSON.stringify(row) + JSON.stringify(ledger)).not.toMatch(/Erin|Vale|7700900123|example\.com/);

    // No table of any feature (passkeys, tokens, wallet, links…) still holds a row owned by the member.
    const owners = await t.ctx.db.query<{ table_name: string; column_name: string }>(
      `SELECT src.relname AS table_name, att.attname AS column_name
         FROM pg_constraint con
         JOIN pg_class src ON src.oid = con.conrelid
         JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = ANY (con.conkey)
        WHERE con.contype = 'f' AND con.confrelid = 'accounts'::regclass
          AND src.relname NOT IN ('ledger_entries', 'marketing_consents', 'wallet_passes', 'audit_log')`,
    );
    // The audit log keeps its rows about the member (who created them), anonymised (audit-log.api.test.ts).
    const audited = await t.ctx.db.query<{ anonymised_at: Date | null }>(
      'SELECT anonymised_at FROM audit_log WHERE member_id = $1',
      [id],
    );
    expect(audited.length).toBeGreaterThan(0);
    expect(audited.every((r) => r.anonymised_at !== null)).toBe(true);
    // The wallet pass stays, void and anonymous (a random serial), so the member's phones are told.
    const passes = await t.ctx.db.query<{ voided_at: Date | null }>(
      'SELECT voided_at FROM wallet_passes WHERE account_id = $1',
      [id],
    );
    expect(passes).toHaveLength(1);
    expect(passes[0]?.voided_at).not.toBeNull();
    expect(owners.length).toBeGreaterThan(1);
    for (const owner of owners) {
      const rows = await t.ctx.db.query(
        `SELECT 1 FROM "${owner.table_name}" WHERE "${owner.column_name}" = $1`,
        [id],
      );
      expect(rows, owner.table_name).toHaveLength(0);
    }

    // The same email can join again as a new person.
    const again = await t.partner('POST', '/members', { email, name: 'Erin Vale', password });
    expect(again.status).toBe(201);
  });

  it('delete-account: rows of other features that reference the member are erased too (passkeys, tokens…)', async () => {
    await t.ctx.db.exec(`CREATE TABLE IF NOT EXISTS test_member_tokens (
      id serial PRIMARY KEY, account_id uuid NOT NULL REFERENCES accounts (id), token_hash text NOT NULL)`);
    await t.ctx.db.exec(`CREATE TABLE IF NOT EXISTS test_member_invites (
      id serial PRIMARY KEY, email text NOT NULL, invited_by uuid REFERENCES accounts (id))`);
    const { client, email } = await t.signedInMember();
    const inviter = await t.signedInMember();
    const [{ id } = { id: '' }] = await t.ctx.db.query<{ id: string }>(
      'SELECT id FROM accounts WHERE email = $1',
      [email],
    );
    const [{ id: inviterId } = { id: '' }] = await t.ctx.db.query<{ id: string }>(
      'SELECT id FROM accounts WHERE email = $1',
      [inviter.email],
    );
    await t.ctx.db.query('INSERT INTO test_member_tokens (account_id, token_hash) VALUES ($1, $2)', [
      id,
      'hash',
    ]);
    await t.ctx.db.query('INSERT INTO test_member_invites (email, invited_by) VALUES ($1, $2), ($3, $4)', [
      email.toUpperCase(),
      inviterId,
      'friend@example.com',
      id,
    ]);
    // Joining's own tables: an accepted invitation and a verification token.
    await t.ctx.db.query(
      `WITH invite AS (
         INSERT INTO invites (email, full_name, expires_at, account_id) VALUES ($2, 'Test Member', now(), $3)
         RETURNING id
       )
       INSERT INTO link_tokens (token_hash, purpose, invite_id, expires_at) SELECT $1, 'invitation', id, now() FROM invite`,
      [`invite-${id}`, email, id],
    );
    await t.ctx.db.query(
      `INSERT INTO link_tokens (token_hash, purpose, account_id, email, expires_at) VALUES ($1, 'verify-email', $2, $3, now())`,
      [`token-${id}`, id, email],
    );
    const res = await client.post('/api/delete-account', { username: email });
    expect(res.status).toBe(200);
    expect(
      await t.ctx.db.query('SELECT 1 FROM invites WHERE email = $1 OR account_id = $2', [email, id]),
    ).toHaveLength(0);
    expect(await t.ctx.db.query('SELECT 1 FROM link_tokens WHERE account_id = $1', [id])).toHaveLength(0);
    expect(await t.ctx.db.query('SELECT 1 FROM test_member_tokens WHERE account_id = $1', [id])).toHaveLength(
      0,
    );
    // The member's own invitation goes; an invitation they sent to someone else stays, without them.
    const invites = await t.ctx.db.query<{ email: string; invited_by: string | null }>(
      'SELECT email, invited_by FROM test_member_invites ORDER BY id',
    );
    expect(invites).toEqual([{ email: 'friend@example.com', invited_by: null }]);
    await t.ctx.db.exec('DROP TABLE test_member_tokens; DROP TABLE test_member_invites');
  });
});

describe('public pages (SPEC §2 public routes)', () => {
  it('pages: terms, FAQ and privacy policy are served from Markdown', async () => {
    const t = await createTestApp();
    try {
      for (const name of ['terms', 'faq', 'privacy-policy']) {
        const res = await t.client().get(`/api/pages/${name}`);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ success: true, markdown: expect.stringContaining('## ') });
      }
      expect((await t.client().get('/api/pages/secrets')).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('pages: not served when an external URL is configured', async () => {
    const t = await createTestApp({
      config: {
        externalTermsUrl: 'https://example.com/terms',
        externalFaqUrl: 'https://example.com/faq',
        privacyPolicyUrl: 'https://example.com/privacy',
      },
    });
    try {
      for (const name of ['terms', 'faq', 'privacy-policy']) {
        expect((await t.client().get(`/api/pages/${name}`)).status).toBe(404);
      }
    } finally {
      await t.close();
    }
  });
});

describe('home origin (SPEC §3)', () => {
  it('viewer: flags a home redirect when the account belongs to another origin, not when it is this one', async () => {
    const t = await createTestApp();
    try {
      const { client, email } = await t.signedInMember();
      await t.ctx.db.query('UPDATE accounts SET home_origin = $2 WHERE email = $1', [
        email,
        'https://dk.example.com/',
      ]);
      expect(viewerResponseSchema.parse((await client.get('/api-w/viewer')).body).homeRedirect).toBe(
        'https://dk.example.com/',
      );
      await t.ctx.db.query('UPDATE accounts SET home_origin = $2 WHERE email = $1', [
        email,
        'http://localhost:3000/',
      ]);
      expect(viewerResponseSchema.parse((await client.get('/api-w/viewer')).body).homeRedirect).toBeNull();
    } finally {
      await t.close();
    }
  });
});

describe('staff deletion through the partner API (docs/deletion.md)', () => {
  it('partner: deletes a member by card number with the same erasure; an unknown member is 404', async () => {
    const t = await createTestApp();
    try {
      const { client, loyaltyId, email } = await t.signedInMember();
      const res = await t.partner('POST', '/members/delete', { member: loyaltyId });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ deleted: true, loyaltyId });
      expect(viewerResponseSchema.parse((await client.get('/api-w/viewer')).body).isAnonymous).toBe(true);
      expect(await t.ctx.db.query('SELECT 1 FROM accounts WHERE email = $1', [email])).toHaveLength(0);
      expect((await t.partner('POST', '/members/delete', { member: loyaltyId })).status).toBe(404);
      expect((await t.client().post('/partner/v1/members/delete', { member: email })).status).toBe(401);
    } finally {
      await t.close();
    }
  });
});
