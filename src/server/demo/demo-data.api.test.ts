import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { findAccountByProvenEmail } from '../members/email-proof.ts';
import { seedDemoHistory } from '../points/demo-history.ts';
import { demoMember, seedDemo } from './demo-data.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo member', () => {
  it('servers seeding at the same moment make one demo member, and none of them fails', async () => {
    const results = await Promise.all([seedDemo(t.ctx), seedDemo(t.ctx), seedDemo(t.ctx)]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.loyaltyId)).size).toBe(1);
    const [row] = await t.ctx.db.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM accounts WHERE email = $1',
      [demoMember.email],
    );
    expect(row?.n).toBe(1);
  });
});

describe('demo history', () => {
  it('two servers writing the history at the same moment write it once, and neither fails', async () => {
    const { loyaltyId } = await seedDemo(t.ctx);
    const account = await findAccountByProvenEmail(t.ctx.db, demoMember.email);
    if (!account) throw new Error(`no demo member ${loyaltyId}`);
    await t.ctx.db.query('DELETE FROM ledger_entries WHERE account_id = $1', [account.id]);
    const written = await Promise.all([seedDemoHistory(t.ctx, account), seedDemoHistory(t.ctx, account)]);
    expect(written.filter(Boolean)).toHaveLength(1);
    const [row] = await t.ctx.db.query<{ n: number; keys: number }>(
      'SELECT COUNT(*)::int AS n, COUNT(DISTINCT (kind, request_key))::int AS keys FROM ledger_entries WHERE account_id = $1',
      [account.id],
    );
    expect(row?.n).toBe(row?.keys);
    expect(row?.n).toBeGreaterThan(5);
  });
});

/** The demo member of a scheme, with the rows of their history as the member's screen reads them. */
async function demoOf(app: TestApp) {
  await seedDemo(app.ctx);
  const [account] = await app.ctx.db.query<{ id: string; currency: string; telephone_number: string | null }>(
    'SELECT id, currency, telephone_number FROM accounts WHERE email = $1',
    [demoMember.email],
  );
  const rows = await app.ctx.db.query<{
    kind: string;
    order_currency: string | null;
    store_display_name: string | null;
    fascia_display_name: string | null;
    reason: string | null;
  }>(
    'SELECT kind, order_currency, store_display_name, fascia_display_name, reason FROM ledger_entries WHERE account_id = $1',
    [account?.id],
  );
  const consents = await app.ctx.db.query<{ channel: string }>(
    'SELECT channel FROM marketing_consents WHERE account_id = $1 ORDER BY channel',
    [account?.id],
  );
  const words = rows.flatMap((r) => [r.store_display_name, r.fascia_display_name, r.reason]).filter(Boolean);
  return { account, rows, words, channels: consents.map((c) => c.channel) };
}

describe('the demo member fits the configuration', () => {
  it('en-GB as described (points exchange off): pounds, British stores, no "points added to your pass" row', async () => {
    const demo = await demoOf(t);
    expect(demo.account?.currency).toBe('GBP');
    expect(demo.account?.telephone_number).toBe('+44 7700 900123');
    expect(demo.channels).toEqual(['email', 'whatsapp']);
    expect(demo.rows.map((r) => r.kind)).not.toContain('exchange');
    expect(demo.words).toContain('Oxford Street');
    expect(new Set(demo.rows.map((r) => r.order_currency).filter(Boolean))).toEqual(new Set(['GBP']));
  });

  it('da-DK with points exchange on and telephone numbers off: kroner, Danish stores and words, the exchange row, no number and no WhatsApp choice', async () => {
    const dk = await createTestApp({
      config: { locale: 'da-DK', enablePointsExchange: true, enableTelephoneNumber: false },
    });
    try {
      const demo = await demoOf(dk);
      expect(demo.account?.currency).toBe('DKK');
      expect(demo.account?.telephone_number).toBeNull();
      expect(demo.channels).toEqual(['email']);
      expect(demo.rows.map((r) => r.kind)).toContain('exchange');
      expect(new Set(demo.rows.map((r) => r.order_currency).filter(Boolean))).toEqual(new Set(['DKK']));
      expect(demo.words).toContain('Webshop');
      expect(demo.words).toContain('Kompensation: forsinket levering');
      for (const english of ['Online Store', 'Goodwill: delayed delivery', 'Oxford Street', 'Flagship'])
        expect(demo.words).not.toContain(english);
    } finally {
      await dk.close();
    }
  });
});

describe('a new member’s currency follows the scheme', () => {
  it('a da-DK scheme that names no currencies is in DKK: its members, the viewer and the membership type', async () => {
    const dk = await createTestApp({ config: { locale: 'da-DK' } });
    try {
      expect(dk.config.allowedCurrencies).toEqual(['DKK']);
      const m = await dk.signedInMember();
      const viewer = await m.client.get<{
        account: { currency: string; membership: { type: { allowedCurrencies: string[] } } };
      }>('/api-w/viewer');
      expect(viewer.body.account.currency).toBe('DKK');
      expect(viewer.body.account.membership.type.allowedCurrencies).toEqual(['DKK']);
    } finally {
      await dk.close();
    }
  });

  it('the first allowed currency is a new member’s, whatever the locale', async () => {
    const eur = await createTestApp({ config: { locale: 'da-DK', allowedCurrencies: ['EUR', 'DKK'] } });
    try {
      const m = await eur.signedInMember();
      const viewer = await m.client.get<{ account: { currency: string } }>('/api-w/viewer');
      expect(viewer.body.account.currency).toBe('EUR');
    } finally {
      await eur.close();
    }
  });
});
