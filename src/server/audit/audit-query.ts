import type { z } from 'zod';
import type { AuditRow, auditQuery } from '#shared/api/audit.ts';
import type { Queryable } from '../db/database.ts';

/**
 * Reading the audit log (staff console and `npm run loyalty -- audit list|export`): filtered by
 * member, actor, action and time, newest first, a page at a time; or every match as CSV.
 */
type Filters = z.output<typeof auditQuery>;

interface Stored {
  id: string;
  at: Date;
  actor_kind: AuditRow['actorKind'];
  actor_id: string | null;
  actor_label: string | null;
  action: string;
  member_id: string | null;
  loyalty_id: string | null;
  change: Record<string, unknown>;
  anonymised_at: Date | null;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/** The WHERE clause of the filters, with its parameters. */
function where(filters: Omit<Filters, 'format' | 'limit'>): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const conditions: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filters.member) {
    const member = filters.member.trim();
    conditions.push(
      uuid.test(member)
        ? `l.member_id = ${param(member)}`
        : `l.member_id IN (SELECT id FROM accounts WHERE loyalty_id = ${param(member)} OR email = ${param(member.toLowerCase())})`,
    );
  }
  if (filters.actorKind) conditions.push(`l.actor_kind = ${param(filters.actorKind)}`);
  if (filters.actor) {
    const p = param(filters.actor);
    conditions.push(`(l.actor_id = ${p} OR lower(l.actor_label) = lower(${p}))`);
  }
  if (filters.action) {
    conditions.push(
      filters.action.endsWith('*')
        ? `l.action LIKE ${param(`${filters.action.slice(0, -1).replace(/[\\%_]/g, '\\$&')}%`)}`
        : `l.action = ${param(filters.action)}`,
    );
  }
  if (filters.from) conditions.push(`l.at >= ${param(new Date(filters.from))}`);
  if (filters.to) {
    // A date alone means up to its end.
    const to = dateOnly.test(filters.to)
      ? new Date(Date.parse(filters.to) + 86_400_000)
      : new Date(filters.to);
    conditions.push(dateOnly.test(filters.to) ? `l.at < ${param(to)}` : `l.at <= ${param(to)}`);
  }
  if (filters.before) conditions.push(`l.id < ${param(filters.before)}`);
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

async function select(
  db: Queryable,
  filters: Omit<Filters, 'format' | 'limit'>,
  limit: number,
): Promise<Stored[]> {
  const { sql, params } = where(filters);
  return db.query<Stored>(
    `SELECT l.id::text AS id, l.at, l.actor_kind, l.actor_id, l.actor_label, l.action, l.member_id,
            a.loyalty_id, l.change, l.anonymised_at
       FROM audit_log l LEFT JOIN accounts a ON a.id = l.member_id
       ${sql}
      ORDER BY l.id DESC LIMIT ${Number(limit)}`,
    params,
  );
}

function view(row: Stored): AuditRow {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorKind: row.actor_kind,
    actorId: row.actor_id,
    actorLabel: row.actor_label,
    action: row.action,
    memberId: row.member_id,
    memberLoyaltyId: row.loyalty_id,
    change: row.change,
    anonymised: row.anonymised_at !== null,
  };
}

/** One page, newest first; `nextBefore` continues with older rows. */
export async function listAudit(db: Queryable, filters: Omit<Filters, 'format'>) {
  const rows = await select(db, filters, filters.limit + 1);
  const page = rows.slice(0, filters.limit);
  return {
    success: true as const,
    entries: page.map(view),
    nextBefore: rows.length > filters.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** The most rows one export holds: narrow the dates for more. */
const maxExportRows = 100_000;

/** A CSV field: quoted, and a leading = + - @ defused so a spreadsheet never runs it as a formula. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const csvColumns = [
  'id',
  'at',
  'actor_kind',
  'actor_id',
  'actor_label',
  'action',
  'member_id',
  'member_card',
  'anonymised',
  'change',
];

/** Every row the filters match (up to maxExportRows), newest first, as CSV (RFC 4180). */
export async function auditCsv(
  db: Queryable,
  filters: Omit<Filters, 'format' | 'limit' | 'before'>,
): Promise<string> {
  const rows = await select(db, filters, maxExportRows);
  const lines = rows.map((row) => {
    const r = view(row);
    return [
      r.id,
      r.at,
      r.actorKind,
      r.actorId ?? '',
      r.actorLabel ?? '',
      r.action,
      r.memberId ?? '',
      r.memberLoyaltyId ?? '',
      String(r.anonymised),
      JSON.stringify(r.change),
    ]
      .map(csvField)
      .join(',');
  });
  return `${[csvColumns.join(','), ...lines].join('\r\n')}\r\n`;
}
