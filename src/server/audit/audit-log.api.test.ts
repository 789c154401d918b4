import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { recordAudit } from './audit-log.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function memberId(loyaltyId: string): Promise<string> {
  const [row] = await t.ctx.db.query<{ id: string }>('SELECT id FROM accounts WHERE loyalty_id = $1', [
    loyaltyId,
  ]);
  if (!row) throw new Error(`no member ${loyaltyId}`);
  return row.id;
}

const rowsOf = (action: string) =>
  t.ctx.db.query<Record<string, unknown>>('SELECT * FROM audit_log WHERE action = $1 ORDER BY id', [action]);

describe('the audit log', () => {
  it('writes its row in the caller transaction: a rolled-back write leaves none', async () => {
    await t.ctx.db.transaction((tx) =>
      recordAudit(tx, { actor: { kind: 'bootstrap' }, action: 'test.committed', change: { points: 1 } }),
    );
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await recordAudit(tx, { actor: { kind: 'bootstrap' }, action: 'test.rolled-back' });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await rowsOf('test.committed')).toHaveLength(1);
    expect(await rowsOf('test.rolled-back')).toHaveLength(0);
  });

  it('never stores secrets, whatever the caller passes', async () => {
    await t.ctx.db.transaction((tx) =>
      recordAudit(tx, {
        actor: { kind: 'api_key', id: 'k1', label: 'till-1' },
        action: 'test.secrets',
        change: {
          password: 'hunter2-hunter2',
          pin: '1234',
          acceptUrl: 'https://x/t/abc',
          name: 'Ann',
          nested: { resetToken: 'tok' },
        },
      }),
    );
    const [row] = await rowsOf('test.secrets');
    expect(row).toMatchObject({ actor_kind: 'api_key', actor_id: 'k1', actor_label: 'till-1' });
    expect(row?.change).toEqual({
      password: '[redacted]',
      pin: '[redacted]',
      acceptUrl: '[redacted]',
      name: 'Ann',
      nested: { resetToken: '[redacted]' },
    });
  });

  it('is append-only in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    await t.ctx.db.transaction((tx) =>
      recordAudit(tx, { actor: { kind: 'bootstrap' }, action: 'test.kept' }),
    );
    await expect(
      t.ctx.db.query("UPDATE audit_log SET action = 'test.changed' WHERE action = 'test.kept'"),
    ).rejects.toThrow(/append-only/);
    await expect(t.ctx.db.query("DELETE FROM audit_log WHERE action = 'test.kept'")).rejects.toThrow(
      /append-only/,
    );
    await expect(t.ctx.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    // The anonymisation switch allows rewriting the change only, never who, what or whom.
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await tx.query("SELECT set_config('loyalty.audit_anonymise', 'on', true)");
        await tx.query("UPDATE audit_log SET action = 'test.changed' WHERE action = 'test.kept'");
      }),
    ).rejects.toThrow(/append-only/);
    expect(await rowsOf('test.kept')).toHaveLength(1);
    expect(await rowsOf('test.changed')).toHaveLength(0);
  });

  it('keeps a deleted member’s rows, without their personal data', async () => {
    const gone = await t.signedInMember({ email: 'audit-gone@example.com', name: 'Gwendolyn Auditee' });
    const stays = await t.signedInMember({ email: 'audit-stays@example.com', name: 'Stanley Stays' });
    const goneId = await memberId(gone.loyaltyId);
    const staysId = await memberId(stays.loyaltyId);
    await t.ctx.db.transaction(async (tx) => {
      await recordAudit(tx, {
        actor: { kind: 'staff', id: 'staff-1', label: 'clerk@retailer.example' },
        action: 'test.about-gone',
        memberId: goneId,
        change: {
          before: { name: 'Gwendolyn Auditee', email: gone.email, vipLevel: 'gold' },
          after: { name: 'Gwen Auditee' },
          loyaltyId: gone.loyaltyId,
          orderId: 'ORD-GONE-1',
          points: 250,
          channel: 'in-store',
          currency: 'GBP',
          tags: ['Gwendolyn'],
        },
      });
      // An invitation to the member's email, written before there was a member.
      await recordAudit(tx, {
        actor: { kind: 'bootstrap' },
        action: 'test.invite-gone',
        subjectEmail: 'AUDIT-GONE@example.com',
        change: { email: 'audit-gone@example.com', fullName: 'Gwendolyn Auditee' },
      });
      await recordAudit(tx, {
        actor: { kind: 'bootstrap' },
        action: 'test.about-stays',
        memberId: staysId,
        change: { name: 'Stanley Stays' },
      });
    });

    const deleted = await t.partner('POST', '/members/delete', { member: gone.email });
    expect(deleted.status).toBe(200);

    const [about] = await rowsOf('test.about-gone');
    expect(about).toMatchObject({
      member_id: goneId,
      actor_kind: 'staff',
      actor_id: 'staff-1',
      actor_label: 'clerk@retailer.example',
    });
    expect(about?.anonymised_at).toBeInstanceOf(Date);
    expect(about?.change).toEqual({
      before: { name: '[erased]', email: '[erased]', vipLevel: '[erased]' },
      after: { name: '[erased]' },
      loyaltyId: '[erased]',
      orderId: '[erased]',
      points: 250,
      channel: 'in-store',
      currency: 'GBP',
      tags: ['[erased]'],
    });
    const [invite] = await rowsOf('test.invite-gone');
    expect(invite).toMatchObject({
      subject_email: null,
      change: { email: '[erased]', fullName: '[erased]' },
    });
    // Nothing of the member is left in any audit row, in any column.
    const everything = JSON.stringify(await t.ctx.db.query('SELECT * FROM audit_log'));
    for (const personal of [
      'audit-gone@',
      'AUDIT-GONE',
      'Gwendolyn',
      'Gwen Auditee',
      gone.loyaltyId,
      'ORD-GONE-1',
    ]) {
      expect(everything).not.toContain(personal);
    }
    // Staff's deletion itself is audited, with nothing personal in it.
    expect(await rowsOf('member.delete')).toEqual([
      expect.objectContaining({ member_id: goneId, actor_kind: 'bootstrap', change: { deleted: true } }),
    ]);
    // Another member's rows are untouched.
    const [other] = await rowsOf('test.about-stays');
    expect(other).toMatchObject({
      member_id: staysId,
      change: { name: 'Stanley Stays' },
      anonymised_at: null,
    });
  });
});
