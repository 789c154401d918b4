import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjust, tillPurchase, unique } from '#tests/support/points-fixture.ts';
import { signedInStaff } from '#tests/support/staff-fixture.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';

let t: TestApp;

/**
 * A customer staff signed up in store and invited to the app, who has not joined it yet (a member
 * who has joined is never invited again: invites.api.test.ts).
 */
async function invitedCustomer(): Promise<{ email: string; loyaltyId: string }> {
  const email = `${unique('customer')}@example.com`.toLowerCase();
  const created = await t.partner<{ member: { loyaltyId: string } }>('POST', '/members', {
    email,
    name: 'Store Customer',
  });
  expect((await t.partner('POST', '/invites', { email, name: 'Store Customer' })).status).toBe(201);
  return { email, loyaltyId: created.body.member.loyaltyId };
}
let support: TestClient;
let manager: TestClient;
let admin: TestClient;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp({ config: { staff: { signInPerAddress: 10_000 }, vipLevels: ['Gold'] } });
  const staff = {
    support: await signedInStaff(t, 'support'),
    manager: await signedInStaff(t, 'manager'),
    admin: await signedInStaff(t, 'admin'),
  };
  ({ support, manager, admin } = {
    support: staff.support.client,
    manager: staff.manager.client,
    admin: staff.admin.client,
  });
  for (const [role, s] of Object.entries(staff)) ids[role] = s.id;
});
afterAll(() => t.close());

/** Every /staff-api route with the least role it needs, and a body it would accept. */
const routes = (
  loyaltyId: string,
): [method: 'GET' | 'POST', path: string, role: string, body?: unknown][] => [
  ['GET', '/staff-api/me', 'support'],
  ['GET', `/staff-api/members?q=${loyaltyId}`, 'support'],
  ['GET', `/staff-api/member?loyaltyId=${loyaltyId}`, 'support'],
  ['POST', '/staff-api/member/send-password-reset', 'support', { loyaltyId }],
  ['POST', '/staff-api/member/end-all-sessions', 'support', { loyaltyId }],
  ['POST', '/staff-api/member/send-sign-in-link', 'support', { loyaltyId }],
  ['POST', '/staff-api/member/end-session', 'support', { loyaltyId, sessionId: '0123456789abcdef' }],
  [
    'POST',
    '/staff-api/member/resend-invitation',
    'support',
    { loyaltyId, invitationId: '00000000-0000-4000-8000-000000000000' },
  ],
  ['GET', '/staff-api/burn-rate', 'support'],
  ['GET', '/staff-api/mail', 'support'],
  [
    'POST',
    '/staff-api/member/adjust-points',
    'manager',
    { loyaltyId, adjustmentId: unique('adj'), points: 5, reason: 'x' },
  ],
  ['POST', '/staff-api/member/update', 'manager', { loyaltyId, underReview: true }],
  ['POST', '/staff-api/member/delete', 'manager', { loyaltyId, confirm: loyaltyId }],
  ['POST', '/staff-api/burn-rate', 'manager', { pointsLevel: 400, cashValue: 500 }],
  ['POST', '/staff-api/mail/retry', 'manager', { id: '1' }],
  ['GET', '/staff-api/claims', 'manager'],
  ['POST', '/staff-api/claims/approve', 'manager', { id: '999999', points: 1 }],
  ['POST', '/staff-api/claims/refuse', 'manager', { id: '999999', reason: 'x' }],
  ['GET', '/staff-api/staff', 'admin'],
  [
    'POST',
    '/staff-api/staff',
    'admin',
    { email: `x-${unique('s')}@example.com`, name: 'X', role: 'support' },
  ],
  ['POST', '/staff-api/staff/role', 'admin', { id: '00000000-0000-4000-8000-000000000000', role: 'support' }],
  ['POST', '/staff-api/staff/deactivate', 'admin', { id: '00000000-0000-4000-8000-000000000000' }],
  ['POST', '/staff-api/staff/enrolment-link', 'admin', { id: '00000000-0000-4000-8000-000000000000' }],
  ['POST', '/staff-api/staff/reactivate', 'admin', { id: '00000000-0000-4000-8000-000000000000' }],
  ['GET', '/staff-api/staff/devices?id=00000000-0000-4000-8000-000000000000', 'admin'],
  [
    'POST',
    '/staff-api/staff/revoke-passkey',
    'admin',
    { id: '00000000-0000-4000-8000-000000000000', passkeyId: '00000000-0000-4000-8000-000000000000' },
  ],
  [
    'POST',
    '/staff-api/staff/end-session',
    'admin',
    { id: '00000000-0000-4000-8000-000000000000', sessionId: '00000000-0000-4000-8000-000000000000' },
  ],
];

async function snapshot(loyaltyId: string) {
  const [account] = await t.ctx.db.query(
    'SELECT points_balance, under_review, deleted_at FROM accounts WHERE loyalty_id = $1',
    [loyaltyId],
  );
  const [counts] = await t.ctx.db.query(
    `SELECT (SELECT count(*)::int FROM ledger_entries) AS ledger, (SELECT count(*)::int FROM staff_members) AS staff,
            (SELECT count(*)::int FROM outbox_mail) AS mail, (SELECT points_level FROM burn_rates WHERE position = 1) AS rate`,
  );
  return { account, counts };
}

const send = (client: TestClient, [method, path, , body]: ReturnType<typeof routes>[number]) =>
  method === 'GET' ? client.get(path) : client.post(path, body ?? {});

describe('/staff-api refuses whoever lacks the role, and changes nothing', () => {
  it('a member session (and no session) is refused on every staff route with 401', async () => {
    const member = await t.signedInMember();
    const before = await snapshot(member.loyaltyId);
    for (const entry of routes(member.loyaltyId)) {
      for (const client of [member.client, t.client()]) {
        const res = await send(client, entry);
        expect(res.status, `${entry[0]} ${entry[1]}`).toBe(401);
        expect(res.body).toMatchObject({ error: 'StaffSignInRequired' });
      }
    }
    expect(await snapshot(member.loyaltyId)).toEqual(before);
  });

  it('support is refused every manager and admin route with 403; manager every admin route', async () => {
    const member = await t.signedInMember();
    const before = await snapshot(member.loyaltyId);
    for (const entry of routes(member.loyaltyId)) {
      const role = entry[2];
      if (role === 'manager' || role === 'admin') {
        const res = await send(support, entry);
        expect(res.status, `support ${entry[1]}`).toBe(403);
        expect(res.body).toMatchObject({ error: 'StaffRoleRequired' });
      }
      if (role === 'admin') expect((await send(manager, entry)).status, `manager ${entry[1]}`).toBe(403);
    }
    expect(await snapshot(member.loyaltyId)).toEqual(before);
  });

  it('a role is checked before the body: a support user with a bad body still gets 403', async () => {
    const res = await support.post('/staff-api/member/adjust-points', { points: 'lots' });
    expect(res.status).toBe(403);
  });
});

describe('member look-up and view', () => {
  it('finds by card number, email (or its start) and name; a deleted member not at all', async () => {
    const m = await t.signedInMember({ name: 'Philippa Zanzibar-Look' });
    const byCard = await support.get<{ members: { loyaltyId: string }[] }>(
      `/staff-api/members?q=${m.loyaltyId}`,
    );
    expect(byCard.body.members.map((x) => x.loyaltyId)).toEqual([m.loyaltyId]);
    const byEmail = await support.get<{ members: { loyaltyId: string }[] }>(
      `/staff-api/members?q=${encodeURIComponent(m.email.toUpperCase())}`,
    );
    expect(byEmail.body.members.map((x) => x.loyaltyId)).toEqual([m.loyaltyId]);
    const byName = await support.get<{ members: { loyaltyId: string }[] }>('/staff-api/members?q=zanzibar-l');
    expect(byName.body.members.map((x) => x.loyaltyId)).toEqual([m.loyaltyId]);
    // LIKE wildcards are plain characters.
    expect((await support.get<{ members: unknown[] }>('/staff-api/members?q=%25%25')).body.members).toEqual(
      [],
    );
    expect((await support.get('/staff-api/members?q=x')).status).toBe(400);

    await manager.post('/staff-api/member/delete', { loyaltyId: m.loyaltyId, confirm: m.loyaltyId });
    expect(
      (await support.get<{ members: unknown[] }>('/staff-api/members?q=zanzibar-l')).body.members,
    ).toEqual([]);
    expect(
      (await support.get<{ members: unknown[] }>(`/staff-api/members?q=${m.loyaltyId}`)).body.members,
    ).toEqual([]);
    expect((await support.get(`/staff-api/member?loyaltyId=${m.loyaltyId}`)).status).toBe(404);
  });

  it('shows the ledger with the running balance, pending points, consents, sessions and invitations', async () => {
    // Invited, then signed up in store before accepting: the open invitation is listed.
    const email = `${unique('invited')}@example.com`.toLowerCase();
    await t.partner('POST', '/invites', { email, name: 'Invited First' });
    const m = await t.signedInMember({ email });
    await m.client.post('/api/update-account', { marketingConsent: 'consent' });
    await adjust(t, m.loyaltyId, 500, 'Welcome gift');
    await t.partner('POST', '/purchases', tillPurchase(m.loyaltyId, { points: 1_300 }));
    await adjust(t, m.loyaltyId, -200, 'Correction');
    const res = await support.get<{
      account: { pointsBalance: number; pendingPointsBalance: number };
      ledger: {
        kind: string;
        points: number;
        balanceAfter: number;
        pending: boolean;
        reason: string | null;
      }[];
      consents: { channel: string; choice: string }[];
      sessions: { id: string }[];
      invitations: { state: string }[];
    }>(`/staff-api/member?loyaltyId=${m.loyaltyId}`);
    expect(res.status).toBe(200);
    expect(res.body.account).toMatchObject({ pointsBalance: 300, pendingPointsBalance: 1_300 });
    expect(res.body.ledger.map((l) => [l.kind, l.points, l.balanceAfter, l.pending])).toEqual([
      ['adjustment', -200, 300, false],
      ['purchase', 1_300, 500, true],
      ['adjustment', 500, 500, false],
    ]);
    expect(res.body.consents[0]).toMatchObject({ channel: 'email', choice: 'consent' });
    expect(res.body.sessions).toHaveLength(1);
    expect(res.body.invitations[0]).toMatchObject({ state: 'valid' });
    expect((await support.get(`/staff-api/member?loyaltyId=99${m.loyaltyId}`)).status).toBe(404);
  });
});

describe('support actions', () => {
  it('sends a password reset link by email (the same mail the partner API sends)', async () => {
    const m = await t.signedInMember();
    const res = await support.post('/staff-api/member/send-password-reset', { loyaltyId: m.loyaltyId });
    expect(res.status).toBe(200);
    expect(t.mails[0]?.to).toBe(m.email);
    expect(t.mails[0]?.html).toContain('/set-new-password');
  });

  it('sends a sign-in link by email; not to a member who may not sign in', async () => {
    const m = await t.signedInMember();
    const res = await support.post('/staff-api/member/send-sign-in-link', { loyaltyId: m.loyaltyId });
    expect(res.status).toBe(200);
    expect(t.mails[0]?.to).toBe(m.email);
    expect(t.mails[0]?.html).toContain('/magic-login');
    await manager.post('/staff-api/member/update', { loyaltyId: m.loyaltyId, canSignIn: false });
    const sent = t.mails.length;
    expect(
      (await support.post('/staff-api/member/send-sign-in-link', { loyaltyId: m.loyaltyId })).status,
    ).toBe(409);
    expect(t.mails.length).toBe(sent);
  });

  it('ends one session, then every session', async () => {
    const m = await t.signedInMember();
    const second = t.client();
    await second.post('/api/login', { username: m.email, password: m.password });
    const view = await support.get<{ sessions: { id: string }[] }>(
      `/staff-api/member?loyaltyId=${m.loyaltyId}`,
    );
    expect(view.body.sessions).toHaveLength(2);
    const [first] = view.body.sessions;
    expect(
      (await support.post('/staff-api/member/end-session', { loyaltyId: m.loyaltyId, sessionId: first?.id }))
        .status,
    ).toBe(200);
    const statuses = [
      (await m.client.get('/api/passkeys')).status,
      (await second.get('/api/passkeys')).status,
    ];
    expect(statuses.sort()).toEqual([200, 401]);
    expect(
      (await support.post('/staff-api/member/end-session', { loyaltyId: m.loyaltyId, sessionId: first?.id }))
        .status,
    ).toBe(404);
    expect(
      (await support.post('/staff-api/member/end-all-sessions', { loyaltyId: m.loyaltyId })).status,
    ).toBe(200);
    expect((await m.client.get('/api/passkeys')).status).toBe(401);
    expect((await second.get('/api/passkeys')).status).toBe(401);
  });

  it('sends an open invitation again (a new link; the old one goes stale)', async () => {
    const m = await invitedCustomer();
    const view = await support.get<{ invitations: { id: string }[] }>(
      `/staff-api/member?loyaltyId=${m.loyaltyId}`,
    );
    const invitationId = view.body.invitations[0]?.id;
    const res = await support.post('/staff-api/member/resend-invitation', {
      loyaltyId: m.loyaltyId,
      invitationId,
    });
    expect(res.status).toBe(200);
    const after = await support.get<{ invitations: { state: string }[] }>(
      `/staff-api/member?loyaltyId=${m.loyaltyId}`,
    );
    expect(after.body.invitations.map((i) => i.state)).toEqual(['valid', 'stale']);
    expect(t.mails[0]?.to).toBe(m.email);
  });

  it('does not send an invitation to a member who has joined since: 409 AlreadyMember, in a sentence', async () => {
    const email = `${unique('joined')}@example.com`.toLowerCase();
    await t.partner('POST', '/invites', { email, name: 'Joined Since' });
    const m = await t.signedInMember({ email });
    const view = await support.get<{ invitations: { id: string }[] }>(
      `/staff-api/member?loyaltyId=${m.loyaltyId}`,
    );
    const sent = t.mails.length;
    const res = await support.post('/staff-api/member/resend-invitation', {
      loyaltyId: m.loyaltyId,
      invitationId: view.body.invitations[0]?.id,
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'AlreadyMember',
      message: expect.stringContaining(
        `${email} is already a member (card ${m.loyaltyId}), so no invitation was sent.`,
      ),
    });
    expect(t.mails.length).toBe(sent);
  });
});

describe('manager actions', () => {
  it('adjusts points with a reason, once per adjustment id whatever the retries', async () => {
    const m = await t.signedInMember();
    const body = { loyaltyId: m.loyaltyId, adjustmentId: unique('adj'), points: 250, reason: 'Goodwill' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => manager.post('/staff-api/member/adjust-points', body)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const rows = await t.ctx.db.query<{ points: number; reason: string }>(
      'SELECT points, reason FROM ledger_entries l JOIN accounts a ON a.id = l.account_id WHERE a.loyalty_id = $1',
      [m.loyaltyId],
    );
    expect(rows).toEqual([{ points: 250, reason: 'Goodwill' }]);
    expect(
      (
        await manager.post('/staff-api/member/adjust-points', {
          ...body,
          adjustmentId: unique('a'),
          reason: '',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await manager.post('/staff-api/member/adjust-points', {
          ...body,
          adjustmentId: unique('a'),
          points: -1000,
        })
      ).status,
    ).toBe(409);
  });

  it('marks under review and clears it; sets access rules and a VIP level from the configured list', async () => {
    const m = await t.signedInMember();
    const update = (body: Record<string, unknown>) =>
      manager.post('/staff-api/member/update', { loyaltyId: m.loyaltyId, ...body });
    expect((await update({ underReview: true })).status).toBe(200);
    expect((await update({ vipLevel: 'banana' })).status).toBe(400);
    expect((await update({ vipLevel: 'Gold', canRedeem: false })).status).toBe(200);
    const view = await support.get<{ account: Record<string, unknown> }>(
      `/staff-api/member?loyaltyId=${m.loyaltyId}`,
    );
    expect(view.body.account).toMatchObject({ underReview: true, vipLevel: 'Gold', canRedeem: false });
    expect((await update({ underReview: false, vipLevel: '' })).status).toBe(200);
    const cleared = await support.get<{ account: Record<string, unknown> }>(
      `/staff-api/member?loyaltyId=${m.loyaltyId}`,
    );
    expect(cleared.body.account).toMatchObject({ underReview: false, vipLevel: null });
    expect((await update({ canSignIn: false })).status).toBe(200);
    expect((await m.client.get('/api/passkeys')).status).toBe(401);
  });

  it('deletes a member only with the card number repeated, once', async () => {
    const m = await t.signedInMember();
    const wrong = await manager.post('/staff-api/member/delete', { loyaltyId: m.loyaltyId, confirm: '123' });
    expect(wrong.status).toBe(400);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        manager.post('/staff-api/member/delete', { loyaltyId: m.loyaltyId, confirm: m.loyaltyId }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404, 404, 404]);
    expect((await m.client.get('/api/passkeys')).status).toBe(401);
  });

  it('sets the burn rate; retries a given-up email', async () => {
    expect((await manager.post('/staff-api/burn-rate', { pointsLevel: 0, cashValue: 5 })).status).toBe(400);
    expect((await manager.post('/staff-api/burn-rate', { pointsLevel: 400, cashValue: 500 })).status).toBe(
      200,
    );
    expect((await support.get('/staff-api/burn-rate')).body).toEqual({
      burnRate: { pointsLevel: 400, cashValue: 500 },
    });

    const m = await t.signedInMember();
    await support.post('/staff-api/member/send-password-reset', { loyaltyId: m.loyaltyId });
    const [mail] = await t.ctx.db.query<{ id: string }>(
      'SELECT id FROM outbox_mail ORDER BY id DESC LIMIT 1',
    );
    await t.ctx.db.query(
      "UPDATE outbox_mail SET sent_at = NULL, given_up_at = now(), attempts = 8, last_error = '550 mailbox full' WHERE id = $1",
      [mail?.id],
    );
    const queue = await support.get<{ undelivered: { id: string; state: string; lastError: string }[] }>(
      '/staff-api/mail',
    );
    expect(queue.body.undelivered).toContainEqual(
      expect.objectContaining({ id: String(mail?.id), state: 'given-up' }),
    );
    const sentBefore = t.mails.length;
    expect((await manager.post('/staff-api/mail/retry', { id: String(mail?.id) })).status).toBe(200);
    await t.ctx.outbox.drain();
    expect(t.mails.length).toBe(sentBefore + 1);
    expect((await manager.post('/staff-api/mail/retry', { id: String(mail?.id) })).status).toBe(404);
  });
});

describe('admin: staff accounts', () => {
  it('creates staff, changes a role, deactivates; never the last admin', async () => {
    const created = await admin.post<{ staff: { id: string }; enrolUrl: string }>('/staff-api/staff', {
      email: `new-${unique('s')}@example.com`,
      name: 'New Person',
      role: 'support',
    });
    expect(created.status).toBe(201);
    expect(created.body.enrolUrl).toMatch(/\/staff\/enrol#[A-Za-z0-9_-]{43}$/);
    const id = created.body.staff.id;
    expect((await admin.post('/staff-api/staff/role', { id, role: 'manager' })).body).toMatchObject({
      staff: { role: 'manager' },
    });
    expect((await admin.post('/staff-api/staff/deactivate', { id })).body).toMatchObject({
      staff: { active: false },
    });
    const admins = await t.ctx.db.query<{ id: string }>(
      "SELECT id FROM staff_members WHERE role = 'admin' AND deactivated_at IS NULL",
    );
    expect(admins).toHaveLength(1);
    const last = admins[0]?.id;
    const refused = await admin.post('/staff-api/staff/role', { id: last, role: 'support' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'LastAdmin' });
    expect((await admin.post('/staff-api/staff/deactivate', { id: last })).status).toBe(409);
  });
});

describe('every staff write leaves exactly one audit row, by the staff member, in its transaction', () => {
  const rowsBy = (staffId: string | undefined) =>
    t.ctx.db.query<{ action: string; actor_kind: string; member_id: string | null }>(
      "SELECT action, actor_kind, member_id FROM audit_log WHERE actor_kind = 'staff' AND actor_id = $1 ORDER BY id",
      [staffId],
    );

  async function oneRow(
    staffId: string | undefined,
    write: () => Promise<{ status: number }>,
    action: string,
  ) {
    const before = (await rowsBy(staffId)).length;
    const res = await write();
    expect(res.status, action).toBeLessThan(300);
    const after = await rowsBy(staffId);
    expect(after.length, action).toBe(before + 1);
    expect(after.at(-1)?.action).toBe(action);
  }

  it('support, manager and admin writes', async () => {
    const m = await t.signedInMember();
    const loyaltyId = m.loyaltyId;
    const view = await support.get<{ sessions: { id: string }[] }>(
      `/staff-api/member?loyaltyId=${loyaltyId}`,
    );
    const customer = await invitedCustomer();
    const invitations = await support.get<{ invitations: { id: string }[] }>(
      `/staff-api/member?loyaltyId=${customer.loyaltyId}`,
    );
    await oneRow(
      ids.support,
      () => support.post('/staff-api/member/send-password-reset', { loyaltyId }),
      'member.send_password_reset',
    );
    await oneRow(
      ids.support,
      () =>
        support.post('/staff-api/member/resend-invitation', {
          loyaltyId: customer.loyaltyId,
          invitationId: invitations.body.invitations[0]?.id,
        }),
      'invite.resend',
    );
    await oneRow(
      ids.support,
      () => support.post('/staff-api/member/send-sign-in-link', { loyaltyId }),
      'member.send_sign_in_link',
    );
    await oneRow(
      ids.support,
      () =>
        support.post('/staff-api/member/end-session', { loyaltyId, sessionId: view.body.sessions[0]?.id }),
      'member.end_session',
    );
    await oneRow(
      ids.support,
      () => support.post('/staff-api/member/end-all-sessions', { loyaltyId }),
      'member.end_all_sessions',
    );
    const adjustment = { loyaltyId, adjustmentId: unique('adj'), points: 10, reason: 'Audit' };
    await oneRow(
      ids.manager,
      () => manager.post('/staff-api/member/adjust-points', adjustment),
      'adjustment.record',
    );
    // A replay of the same adjustment records nothing, and writes no second row.
    const replayed = (await rowsBy(ids.manager)).length;
    await manager.post('/staff-api/member/adjust-points', adjustment);
    expect(await rowsBy(ids.manager)).toHaveLength(replayed);
    await oneRow(
      ids.manager,
      () => manager.post('/staff-api/member/update', { loyaltyId, underReview: true }),
      'member.update',
    );
    await oneRow(
      ids.manager,
      () => manager.post('/staff-api/burn-rate', { pointsLevel: 500, cashValue: 500 }),
      'burn_rate.set',
    );
    await oneRow(
      ids.manager,
      () => manager.post('/staff-api/member/delete', { loyaltyId, confirm: loyaltyId }),
      'member.delete',
    );

    const created = await admin.post<{ staff: { id: string } }>('/staff-api/staff', {
      email: `audited-${unique('s')}@example.com`,
      name: 'Audited',
      role: 'support',
    });
    expect((await rowsBy(ids.admin)).at(-1)?.action).toBe('staff.create');
    const id = created.body.staff.id;
    await oneRow(
      ids.admin,
      () => admin.post('/staff-api/staff/role', { id, role: 'manager' }),
      'staff.change_role',
    );
    await oneRow(
      ids.admin,
      () => admin.post('/staff-api/staff/enrolment-link', { id }),
      'staff.enrolment_link',
    );
    await oneRow(ids.admin, () => admin.post('/staff-api/staff/deactivate', { id }), 'staff.deactivate');
    // A refused write leaves no row.
    const refused = (await rowsBy(ids.support)).length;
    expect((await support.post('/staff-api/member/update', { loyaltyId, underReview: false })).status).toBe(
      403,
    );
    expect(await rowsBy(ids.support)).toHaveLength(refused);
  });

  it('a staff member’s enrolment is audited as theirs', async () => {
    const enrolled = await signedInStaff(t, 'support');
    expect((await rowsBy(enrolled.id)).map((r) => r.action)).toEqual(['staff.enrol']);
  });
});
