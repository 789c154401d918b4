import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlCharacterMessage } from '#shared/api/text.ts';
import { createTestApp, type TestApp, type TestResponse } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const nul = '\u0000';

/** A 400 that names the field and says why, never a 500. */
function refusedNaming(res: TestResponse, field: string) {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ success: false, fieldErrors: { [field]: controlCharacterMessage } });
}

async function tableCount(table: 'accounts' | 'ledger_entries' | 'sessions' | 'invites') {
  const [row] = await t.ctx.db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`);
  return row?.n ?? 0;
}

describe('bad bytes: NUL and other control characters are refused with 400 and change nothing', () => {
  it('login: a NUL in the username or password answers 400 naming the field, not 500', async () => {
    const m = await t.signedInMember();
    const sessions = await tableCount('sessions');
    refusedNaming(
      await t.client().post('/api/login', { username: `${m.email}${nul}`, password: m.password }),
      'username',
    );
    refusedNaming(
      await t.client().post('/api/login', { username: m.email, password: `${m.password}${nul}` }),
      'password',
    );
    refusedNaming(
      await t.client().post('/api/login', { username: m.email, password: `a\u0007${m.password}` }),
      'password',
    );
    expect(await tableCount('sessions')).toBe(sessions);
    // A password may still hold any printable character, spaces included.
    const odd = await t.signedInMember({ password: ' $`\'"<>\\ üñï 密码 ' });
    expect(
      (await t.client().post('/api/login', { username: odd.email, password: odd.password })).status,
    ).toBe(200);
  });

  it('partner: a NUL in a new member’s name, a purchase’s store or an adjustment’s reason answers 400 and writes nothing', async () => {
    const accounts = await tableCount('accounts');
    refusedNaming(
      await t.partner('POST', '/members', { email: 'nul-name@example.com', name: `Kim${nul}Lee` }),
      'name',
    );
    refusedNaming(
      await t.partner('POST', '/members', { email: 'tab-name@example.com', name: 'Kim\tLee' }),
      'name',
    );
    expect(await tableCount('accounts')).toBe(accounts);

    const m = await t.signedInMember();
    const ledger = await tableCount('ledger_entries');
    refusedNaming(
      await t.partner('POST', '/purchases', {
        orderId: 'nul-order-1',
        loyaltyId: m.loyaltyId,
        channel: 'in-store',
        storeDisplayName: `Oxford${nul}Street`,
        value: 100,
        currency: 'GBP',
        points: 10,
      }),
      'storeDisplayName',
    );
    refusedNaming(
      await t.partner('POST', '/adjustments', {
        adjustmentId: 'nul-adjustment-1',
        loyaltyId: m.loyaltyId,
        points: 10,
        reason: `Goodwill${nul}`,
      }),
      'reason',
    );
    refusedNaming(
      await t.partner('POST', '/invites', { email: 'someone@example.com', name: `A${nul}` }),
      'name',
    );
    expect(await tableCount('ledger_entries')).toBe(ledger);
  });

  it('member: a NUL in a new name on My details or at sign-up answers 400 naming the field', async () => {
    const m = await t.signedInMember({ name: 'Before Change' });
    refusedNaming(await m.client.post('/api/update-account', { name: `After${nul}Change` }), 'name');
    const viewer = await m.client.get<{ account: { fullName: string } }>('/api-w/viewer');
    expect(viewer.body.account.fullName).toBe('Before Change');
    const accounts = await tableCount('accounts');
    refusedNaming(
      await t.client().post('/api/signup', {
        username: 'nul-signup@example.com',
        name: `New${nul}Member`,
        allowMarketing: false,
        confirmAge: true,
        acceptTerms: true,
      }),
      'name',
    );
    expect(await tableCount('accounts')).toBe(accounts);
  });

  it('a NUL that reaches the database by a path no schema checks (a URL parameter) answers 400, not 500', async () => {
    const res = await t.partner('GET', '/members/kim%00lee@example.com');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
  });
});
