import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

/**
 * The member hears of staff's decision on a missing purchase: one email when it is approved (with the
 * points) and one when it is refused (with staff's reason), in the scheme's language, written to the
 * outbox in the decision's own transaction.
 */
let seq = 0;
const orderId = () => `CM-${Date.now().toString(36)}-${++seq}`;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

async function report(member: Awaited<ReturnType<TestApp['signedInMember']>>, daysAgo = 40) {
  const id = orderId();
  const res = await member.client.post<{ claim: { id: string } }>('/api/purchase-claims', {
    orderId: id,
    purchasedOn: day(daysAgo),
    channel: 'ecommerce',
    amount: 7_550,
  });
  expect(res.status).toBe(201);
  return { claimId: res.body.claim.id, orderId: id };
}

const mailsTo = (t: TestApp, to: string) => t.mails.filter((m) => m.to === to);

for (const locale of ['en-GB', 'da-DK'] as const) {
  const words =
    locale === 'en-GB'
      ? {
          approved: 'Your missing purchase has been added',
          refused: 'About the missing purchase you told us about',
          points: '1,250 points',
          reason: 'Our reason: We could not find this order at our tills.',
          takenBack: 'The 300 points we had added for it have been taken back.',
          greeting: 'Dear Maya,',
          pendingFrom: 'the points count from',
        }
      : {
          approved: 'Dit manglende køb er blevet tilføjet',
          refused: 'Om det manglende køb, du fortalte os om',
          points: '1.250 point',
          reason: 'Vores begrundelse: We could not find this order at our tills.',
          takenBack: 'De 300 point, vi havde tilføjet for det, er blevet trukket tilbage.',
          greeting: 'Kære Maya',
          pendingFrom: 'tæller pointene fra den',
        };

  describe(`missing-purchase decisions are emailed to the member (${locale})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        config: { locale, ...(locale === 'da-DK' ? { allowedCurrencies: ['DKK'] } : {}) },
      });
    });
    afterAll(() => t.close());

    it('approve: one email with the order, the day and the points, however often staff approve', async () => {
      const m = await t.signedInMember({ name: 'Maya Chen' });
      const { claimId, orderId: id } = await report(m);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => t.partner('POST', `/claims/${claimId}/approve`, { points: 1_250 })),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      const mails = mailsTo(t, m.email);
      expect(mails.map((mail) => mail.subject)).toEqual([words.approved]);
      const [mail] = mails;
      expect(mail?.text).toContain(words.greeting);
      expect(mail?.text).toContain(id);
      expect(mail?.text).toContain(words.points);
      expect(mail?.text).toContain('Members Club');
      expect(mail?.links).toEqual(['http://localhost:3000/']);
      // Bought 40 days ago: past the returns window, so no "count from" line.
      expect(mail?.text).not.toContain(words.pendingFrom);
    });

    it('approve: points still in the returns window say when they count', async () => {
      const m = await t.signedInMember({ name: 'Maya Chen' });
      const { claimId } = await report(m, 2);
      expect((await t.partner('POST', `/claims/${claimId}/approve`, { points: 100 })).status).toBe(200);
      expect(mailsTo(t, m.email)[0]?.text).toContain(words.pendingFrom);
    });

    it('refuse: one email with staff’s reason, however often staff refuse', async () => {
      const m = await t.signedInMember({ name: 'Maya Chen' });
      const { claimId, orderId: id } = await report(m);
      const reason = { reason: 'We could not find this order at our tills.' };
      for (let i = 0; i < 3; i++)
        expect((await t.partner('POST', `/claims/${claimId}/refuse`, reason)).status).toBe(200);
      const mails = mailsTo(t, m.email);
      expect(mails.map((mail) => mail.subject)).toEqual([words.refused]);
      expect(mails[0]?.text).toContain(id);
      expect(mails[0]?.text).toContain(words.reason);
      expect(mails[0]?.text).not.toContain(words.takenBack);
    });

    it('refuse after approval (the till later sent the order for another card): the points taken back are named', async () => {
      const m = await t.signedInMember({ name: 'Maya Chen' });
      const { claimId, orderId: id } = await report(m, 2);
      expect((await t.partner('POST', `/claims/${claimId}/approve`, { points: 300 })).status).toBe(200);
      const other = await t.signedInMember();
      const till = await t.partner('POST', '/purchases', {
        orderId: id,
        loyaltyId: other.loyaltyId,
        channel: 'ecommerce',
        value: 7_550,
        currency: locale === 'da-DK' ? 'DKK' : 'GBP',
        points: 300,
        purchasedAt: `${day(2)}T10:00:00.000Z`,
      });
      expect(till.status).toBe(201);
      const refused = await t.partner('POST', `/claims/${claimId}/refuse`, {
        reason: 'We could not find this order at our tills.',
      });
      expect(refused.status).toBe(200);
      const mails = mailsTo(t, m.email);
      expect(mails.map((mail) => mail.subject)).toEqual([words.refused, words.approved]);
      expect(mails[0]?.text).toContain(words.takenBack);
    });
  });
}

describe('missing-purchase decision emails are written in the decision’s transaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a decision whose email cannot be written is not made; once it can, both are', async () => {
    const m = await t.signedInMember({ name: 'Maya Chen' });
    const { claimId } = await report(m);
    // The outbox refuses this one mail: the approval must roll back with it.
    await t.ctx.db.exec(
      "ALTER TABLE outbox_mail ADD CONSTRAINT refuse_claim_mail CHECK (subject <> 'Your missing purchase has been added')",
    );
    try {
      const failed = await t.partner('POST', `/claims/${claimId}/approve`, { points: 400 });
      expect(failed.status).toBe(500);
      const queue = await t.partner<{ claims: { id: string; status: string }[] }>('GET', '/claims');
      expect(queue.body.claims.find((c) => c.id === claimId)?.status).toBe('pending');
      const viewer = await m.client.get<{ account: { pointsBalance: number } }>('/api-w/viewer');
      expect(viewer.body.account.pointsBalance).toBe(0);
      expect(mailsTo(t, m.email)).toEqual([]);
    } finally {
      await t.ctx.db.exec('ALTER TABLE outbox_mail DROP CONSTRAINT refuse_claim_mail');
    }
    expect((await t.partner('POST', `/claims/${claimId}/approve`, { points: 400 })).status).toBe(200);
    expect(mailsTo(t, m.email).map((mail) => mail.subject)).toEqual(['Your missing purchase has been added']);
  });
});
