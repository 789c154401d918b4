import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingDatabase, type SentStatement } from '#tests/support/recording-database.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { openTestDatabase } from '#tests/support/test-database.ts';
import { seedScale } from '../../../bench/scale-seed.ts';
import { expirePoints, remindOfExpiry } from '../points/expiry-job.ts';
import { sweepMaturedPoints } from '../points/pending-points.ts';
import { forgetIdleRateLimitKeys } from '../rate-limits/rate-limits.ts';
import type { Database, Queryable } from './database.ts';

/**
 * Every statement the hot paths run goes through an index once the tables are large: a member's
 * calls (sign-in, viewer, history, magic link), the partner's writes (member, purchase, return) and
 * the background sweeps. The app runs on a database seeded like a scheme (smaller than the
 * 1M-member bench seed, large enough that the planner prefers a scan where no index serves); each
 * statement it sent is then EXPLAINed with the parameters it was sent with. At 1M members a
 * sequential scan of these tables is an outage, so any is a failure.
 */
const largeTables = [
  'accounts',
  'ledger_entries',
  'sessions',
  'marketing_consents',
  'link_tokens',
  'rate_limit_counters',
  'outbox_mail',
  'points_expiry_reminders',
];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

function indexesUsed(node: PlanNode): string[] {
  const own = node['Index Name'] ? [node['Index Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(indexesUsed)];
}

/** The index conditions of every scan of `index` in the plan. */
function conditionsOn(node: PlanNode, index: string): string[] {
  const own = node['Index Name'] === index ? [node['Index Cond'] ?? ''] : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => conditionsOn(child, index))];
}

function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

/**
 * The kept plan of a purchase set's statement in `on` (its text read by `statementSql`), as its
 * function makes it: prepared, generic, for three members (literals: EXPLAIN EXECUTE takes none).
 */
async function keptPlan(
  on: Database,
  statementSql: string,
  members: { id: string; loyalty_id: string }[],
): Promise<PlanNode> {
  const [statement] = await on.query<{ text: string }>(statementSql);
  expect(statement?.text).toContain('WITH members AS MATERIALIZED');
  const texts = (values: string[]) => `ARRAY[${values.map((value) => `'${value}'`).join(',')}]::text[]`;
  const three = <T>(value: T) => [value, value, value];
  const args = [
    texts(members.map((m) => m.loyalty_id)),
    texts(members.map((_, i) => `plan-set-${i}`)),
    texts(three('in-store')),
    texts(three('Oxford Street')),
    'ARRAY[NULL,NULL,NULL]::text[]',
    'ARRAY[1000,1000,1000]',
    texts(three('GBP')),
    'ARRAY[100,100,100]',
    'ARRAY[NULL,NULL,NULL]::timestamptz[]',
    'ARRAY[NULL,NULL,NULL]::text[]',
    texts(three('hash')),
    '30',
    "'partner'",
    '1000000000',
    `ARRAY[${members.map((m) => `'${m.id}'`).join(',')}]::uuid[]`,
  ];
  return on.transaction(async (tx) => {
    await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
    await tx.query(
      `PREPARE plan_set (text[], text[], text[], text[], text[], integer[], text[], integer[], timestamptz[],
         text[], text[], integer, text, bigint, uuid[]) AS ${statement?.text}`,
    );
    const [row] = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
      `EXPLAIN (FORMAT JSON) EXECUTE plan_set (${args.join(', ')})`,
    );
    await tx.query('DEALLOCATE plan_set');
    const raw = row?.['QUERY PLAN'];
    return (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan as PlanNode;
  });
}

const keptStatements = [
  [
    'a small set of purchases (record_purchases_set)',
    `SELECT substring(prosrc FROM 'RETURN QUERY (.*); END') AS text
       FROM pg_proc WHERE proname = 'record_purchases_set'`,
  ],
  [
    'a batch of purchases (record_purchases_batch)',
    `SELECT substring(prosrc FROM 'RETURN QUERY (.*); END') AS text
       FROM pg_proc WHERE proname = 'record_purchases_batch'`,
  ],
];

let db: Database;
let t: TestApp;
const sent = new Map<string, SentStatement>();

beforeAll(async () => {
  db = await openTestDatabase();
  await seedScale(db, { members: 20_000, ledgerRowsPerMember: 10, maturedRows: 100, chunk: 20_000 });
  t = await createTestApp({
    db: recordingDatabase(db, (statement) => sent.set(statement.sql, statement)),
    // Points expiry on, so the history's expiry-date look-up is recorded too.
    config: { enablePointsExchange: true, pointsExpiry: { months: 12 } },
  });
}, 240_000);

afterAll(async () => {
  await t?.close();
  await db?.close();
});

describe('query plans at scale', () => {
  it('every statement of the hot paths uses an index on the large tables', async () => {
    const m = await t.signedInMember();
    const order = {
      orderId: 'plan-order-1',
      loyaltyId: m.loyaltyId,
      channel: 'ecommerce',
      value: 5_000,
      currency: 'GBP',
      points: 500,
    };
    expect((await t.partner('POST', '/purchases', order)).status).toBe(201);
    expect(
      (
        await t.partner('POST', '/returns', {
          returnId: 'plan-return-1',
          orderId: order.orderId,
          points: 100,
        })
      ).status,
    ).toBe(201);
    expect((await m.client.get('/api-w/viewer')).status).toBe(200);
    expect((await m.client.get('/api/transactions')).status).toBe(200);
    // A missing-purchase report (ledger look-up by order id) and the member's reports.
    const claim = await m.client.post('/api/purchase-claims', {
      orderId: 'plan-missing-1',
      purchasedOn: new Date().toISOString().slice(0, 10),
      channel: 'ecommerce',
      amount: 1_000,
    });
    expect(claim.status).toBe(201);
    expect((await m.client.get('/api/purchase-claims')).status).toBe(200);
    expect((await t.client().post('/api/request-magic-link', { email: m.email })).status).toBe(200);
    expect(await sweepMaturedPoints(t.ctx.db)).toBeGreaterThan(0);
    // Points expiry: a purchase whose points expired, one due for its reminder, the member said yes
    // to email; the job walks the lots, Home asks for the next expiry.
    expect((await m.client.post('/api/update-account', { marketingConsent: 'consent' })).status).toBe(200);
    for (const [orderId, daysAgo] of [
      ['plan-expired-1', 430],
      ['plan-expiring-1', 370],
    ] as const) {
      const purchasedAt = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
      expect((await t.partner('POST', '/purchases', { ...order, orderId, purchasedAt })).status).toBe(201);
    }
    expect(await expirePoints(t.ctx.db, 12)).toBe(500);
    expect(await remindOfExpiry(t.ctx, 12, 30)).toBe(1);
    expect((await m.client.get('/api/points-expiry')).body).toMatchObject({ next: { points: 500 } });
    await t.ctx.sessions.sweep(t.ctx.db);
    await forgetIdleRateLimitKeys(t.ctx.db);

    const explained: string[] = [];
    const pendingReads: string[][] = [];
    const lotWalks: string[][] = [];
    const scans: { sql: string; tables: string[] }[] = [];
    for (const { sql, params } of sent.values()) {
      if (!/^\s*(SELECT|WITH|UPDATE|DELETE|INSERT)/i.test(sql)) continue;
      const [row] = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
        `EXPLAIN (FORMAT JSON) ${sql}`,
        params,
      );
      const raw = row?.['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan as PlanNode;
      explained.push(sql);
      if (/account_id = \$1 AND ledger_entry_matured/.test(sql)) pendingReads.push(indexesUsed(plan));
      if (sql.includes('(COALESCE(l.confirms_at, l.created_at), l.id) >')) lotWalks.push(indexesUsed(plan));
      const tables = seqScans(plan).filter((table) => largeTables.includes(table));
      if (tables.length) scans.push({ sql: sql.replace(/\s+/g, ' ').trim(), tables });
    }
    // record_purchase's look-up for the member's matured rows (inside the function, so not recorded):
    // the rule's function is inlined, so the partial index still matches.
    const memberId = (
      await db.query<{ id: string }>('SELECT id FROM accounts WHERE loyalty_id = $1', [m.loyaltyId])
    )[0]?.id;
    const [due] = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
      `EXPLAIN (FORMAT JSON) SELECT EXISTS (SELECT 1 FROM ledger_entries l
        WHERE l.account_id = $1 AND ledger_entry_matured(l.confirmed_at, l.confirms_at))`,
      [memberId],
    );
    const dueRaw = due?.['QUERY PLAN'];
    const duePlan = (typeof dueRaw === 'string' ? JSON.parse(dueRaw) : dueRaw)[0].Plan as PlanNode;
    expect(indexesUsed(duePlan)).toContain('ledger_entries_pending_by_account');
    // The paths above ran their statements (a silently empty recording would pass anything).
    expect(explained.length).toBeGreaterThan(20);
    expect(explained.some((sql) => sql.includes('ORDER BY confirms_at'))).toBe(true);
    expect(explained.some((sql) => sql.includes('DELETE FROM sessions WHERE expires_at'))).toBe(true);
    // The history's look-ups by the page's ids: returns of its purchases, and expiry dates.
    expect(explained.some((sql) => sql.includes('reverses_entry_id = ANY'))).toBe(true);
    expect(explained.some((sql) => sql.includes('make_interval(months'))).toBe(true);
    expect(scans).toEqual([]);
    // The expiry job's walk goes through the lots' index (both jobs: expiry and reminder).
    expect(lotWalks).toHaveLength(1);
    for (const used of lotWalks) expect(used).toContain('ledger_entries_lots');
    // A member's pending rows are found through their own partial index, not by walking every
    // member's pending rows (ledger_entries_pending) or all of this member's history.
    expect(pendingReads.length).toBeGreaterThan(0);
    for (const used of pendingReads) expect(used).toContain('ledger_entries_pending_by_account');
  }, 120_000);

  it('a batch of 500 purchases for 500 members finds and locks each through an index (0058)', async () => {
    // What record_purchases runs inside (its look-ups, locks and statement) is not sent by the app, so
    // its table scans are counted instead, in a transaction then rolled back. The counts read are the
    // connection's not yet reported (earlier transactions' too), so the call's are the difference.
    const members = await db.query<{ loyalty_id: string; email: string }>(
      'SELECT loyalty_id, email FROM accounts WHERE loyalty_id IS NOT NULL ORDER BY loyalty_id LIMIT 500',
    );
    expect(members).toHaveLength(500);
    // Half by card, half by email, as tills and the web shop send them.
    const refs = members.map((m, i) => (i % 2 ? m.loyalty_id : m.email.toUpperCase()));
    const each = <T>(value: T) => refs.map(() => value);
    const rolledBack = new Error('rolled back');
    let outcome: { created: number; scanned: { relname: string; seq_scan: number }[] } | undefined;
    const scans = (tx: Queryable) =>
      tx.query<{ relname: string; seq_scan: number }>(
        'SELECT relname, seq_scan::int FROM pg_stat_xact_user_tables WHERE relname = ANY ($1)',
        [[...largeTables, 'wallet_passes']],
      );
    await db
      .transaction(async (tx) => {
        // Every member with a pass in the wallet, so the passes the purchases change are looked up
        // among 20,000; analysed as autovacuum would (plans cached while the table was empty are
        // made again).
        await tx.query(
          `INSERT INTO wallet_passes (serial_number, account_id, content_hash)
           SELECT 'plan-pass-' || id, id, 'plan' FROM accounts`,
        );
        await tx.query('ANALYZE wallet_passes');
        const before = new Map((await scans(tx)).map((t) => [t.relname, t.seq_scan]));
        const [recorded] = await tx.query<{ created: number }>(
          `SELECT count(*) FILTER (WHERE r.outcome = 'created')::int AS created
             FROM record_purchases($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 30, 'partner', 1000000000,
                                    NULL, NULL, NULL, NULL, NULL) r`,
          [
            refs,
            refs.map((_, i) => `plan-batch-${i}`),
            each('in-store'),
            each('Oxford Street'),
            each(null),
            each(1_000),
            each('GBP'),
            each(100),
            each(null),
            each(null),
            each('hash'),
          ],
        );
        const scanned = (await scans(tx))
          .map((t) => ({ relname: t.relname, seq_scan: t.seq_scan - (before.get(t.relname) ?? 0) }))
          .filter((t) => t.seq_scan > 0);
        outcome = { created: recorded?.created ?? 0, scanned };
        throw rolledBack;
      })
      .catch((error) => {
        if (error !== rolledBack) throw error;
      });
    expect(outcome).toEqual({ created: 500, scanned: [] });
  });

  // A set of at most 10 runs its statement in record_purchases_set; a larger one, the same statement
  // reading its items through ROWS 500 functions, in record_purchases_batch (points/sql/). Both keep one generic plan per connection, made with whatever statistics there are.
  it.each(keptStatements)(
    '%s keeps one generic plan per connection: it too uses the indexes',
    async (_, statementSql) => {
      const members = await db.query<{ id: string; loyalty_id: string }>(
        'SELECT id, loyalty_id FROM accounts WHERE loyalty_id IS NOT NULL ORDER BY id LIMIT 3',
      );
      const plan = await keptPlan(db, statementSql, members);
      expect(seqScans(plan).filter((table) => largeTables.includes(table))).toEqual([]);
      expect(indexesUsed(plan)).toEqual(
        expect.arrayContaining([
          'accounts_pkey',
          'ledger_entries_request_key',
          'ledger_entries_pending_by_account',
        ]),
      );
      // Confirming the buyers' matured points enters the member's pending rows by the member: by the
      // date alone, this index is a walk through every member's pending rows (as a semi-join with the
      // buyers, a plan made on few rows did that).
      for (const condition of conditionsOn(plan, 'ledger_entries_pending_by_account'))
        expect(condition).toContain('account_id');
    },
  );

  // A connection's first set may come while the scheme is new and its tables nearly empty, and the
  // plan made then is kept until the tables are next analysed: confirming the buyers' matured points
  // must not become a walk through every member's pending rows as the ledger grows.
  it.each(keptStatements)(
    '%s planned on an empty scheme still confirms matured points by member',
    async (_, statementSql) => {
      const empty = await openTestDatabase();
      try {
        const members = [1, 2, 3].map((n) => ({ id: randomUUID(), loyalty_id: `plan-empty-${n}` }));
        const plan = await keptPlan(empty, statementSql, members);
        const byMember = conditionsOn(plan, 'ledger_entries_pending_by_account');
        const byDate = conditionsOn(plan, 'ledger_entries_pending');
        expect(byMember.length + byDate.length).toBeGreaterThan(0);
        for (const condition of byMember) expect(condition).toContain('account_id');
        for (const condition of byDate) expect(condition).toContain('confirms_at <= now()');
      } finally {
        await empty.close();
      }
    },
  );

  // A batch of more than 10 locks its members last (record_purchases_lock_last, 0061) and then
  // confirms its buyers' matured points in a statement of its own, whose plan is kept as well.
  it('a batch that locks last, planned on an empty scheme, still confirms matured points by member', async () => {
    const empty = await openTestDatabase();
    try {
      const [source] = await empty.query<{ text: string }>(
        `SELECT substring(prosrc FROM 'WITH confirmed AS .*FROM passes p') AS text
           FROM pg_proc WHERE proname = 'record_purchases_lock_last'`,
      );
      expect(source?.text).toContain('UPDATE ledger_entries l SET confirmed_at = now()');
      // Its variables as parameters: the members, what they bought, where their rows are.
      const statement = (source?.text ?? '')
        .replace('INTO passes_changed', '')
        .replaceAll('buyer_ids', '$1')
        .replaceAll('unnest(buyers)', 'unnest($2)')
        .replaceAll('buyer_rows', '$3');
      const plan = await empty.transaction(async (tx) => {
        await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
        await tx.query(`PREPARE plan_credit (uuid[], purchase_buyer[], tid[]) AS ${statement}`);
        const [row] = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
          `EXPLAIN (FORMAT JSON) EXECUTE plan_credit ('{}', '{}', '{}')`,
        );
        await tx.query('DEALLOCATE plan_credit');
        const raw = row?.['QUERY PLAN'];
        return (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan as PlanNode;
      });
      const byMember = conditionsOn(plan, 'ledger_entries_pending_by_account');
      const byDate = conditionsOn(plan, 'ledger_entries_pending');
      expect(byMember.length + byDate.length).toBeGreaterThan(0);
      for (const condition of byMember) expect(condition).toContain('account_id');
      for (const condition of byDate) expect(condition).toContain('confirms_at <= now()');
      expect(seqScans(plan)).not.toContain('ledger_entries');
    } finally {
      await empty.close();
    }
  });
});
