import type { Database, Queryable } from '../db/database.ts';

/**
 * The audit log: who did what to which member, and the change, for every staff action
 * and every partner-API write. Table `audit_log` (migration 0022), append-only in the database.
 *
 * HOW TO RECORD ONE ROW — always inside the transaction that makes the change, so a rolled-back
 * write leaves no row and a committed one always has exactly one:
 *
 * ```ts
 * import { recordAudit } from '../audit/audit-log.ts';
 * await ctx.db.transaction(async (tx) => {
 *   const before = ...; const after = ...;           // the write itself, on tx
 *   await recordAudit(tx, {
 *     actor: { kind: 'staff', id: staff.id, label: staff.email },   // or { kind: 'api_key', id, label } / { kind: 'bootstrap' }
 *     action: 'member.update',                        // dotted: <thing>.<verb>
 *     memberId: account.id,                           // the member's accounts.id, or null
 *     change: { before: { vipLevel: 'silver' }, after: { vipLevel: 'gold' } },
 *   });
 * });
 * ```
 *
 * A service shared by several doors takes an `Audit` (see `auditAs`) bound by the route to its actor
 * and action, and calls it with the member and the change once it knows them, on its own `tx`.
 *
 * The change holds the request's meaningful fields or before/after, never secrets or raw tokens:
 * keys such as `password`, `pin`, `token`, `secret`, `*Token`, `*Url` are stored as "[redacted]"
 * whatever the caller passes. Personal data (email, name, order ids, reasons…) may be in it: when
 * the member is deleted their rows stay, anonymised (`anonymiseAuditOf`, docs/deletion.md).
 */
export type AuditActor =
  | { kind: 'staff'; id: string; label?: string | null }
  | { kind: 'api_key'; id: string; label?: string | null }
  | { kind: 'bootstrap' }
  /** A member's own action that the scheme records (revealing a private sale's code). */
  | { kind: 'member'; id: string; label?: null };

type AuditChange = Record<string, unknown>;

export interface AuditEntry {
  actor: AuditActor;
  /** Dotted action name: purchase.record, member.create, api_key.revoke… */
  action: string;
  /** The member's accounts.id, when the action is about a member. */
  memberId?: string | null;
  /** The email it is about when there is no member yet (an invitation); lowercased here. */
  subjectEmail?: string | null;
  change?: AuditChange;
}

/** Names of fields whose values never enter the log (credentials, one-time links). */
const secretKey =
  /^(password|pin|secret|token|key|apiKey|authorization|code)$|(Password|Token|Secret|Url|Hash)$/;

/** Whether a field name is a secret's, remembered per name (a batch asks for the same few 500 times). */
const secretNames = new Map<string, boolean>();
function isSecretKey(name: string): boolean {
  let secret = secretNames.get(name);
  if (secret === undefined) {
    secret = secretKey.test(name);
    if (secretNames.size < 1_000) secretNames.set(name, secret);
  }
  return secret;
}

/** The change with every secret-looking field's value replaced by "[redacted]". */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    // No prototype: a field named __proto__ stays a field, as Object.fromEntries kept it.
    const copy: Record<string, unknown> = Object.create(null);
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v !== undefined) copy[k] = isSecretKey(k) && v !== null ? '[redacted]' : withoutSecrets(v);
    }
    return copy;
  }
  return value;
}

/** Writes one audit row on `tx` (the caller's transaction). */
export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  const { actor } = entry;
  await tx.query(
    `INSERT INTO audit_log (actor_kind, actor_id, actor_label, action, member_id, subject_email, change)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      actor.kind,
      actor.kind === 'bootstrap' ? null : actor.id,
      actor.kind === 'bootstrap' ? 'bootstrap key' : (actor.label ?? null),
      entry.action,
      entry.memberId ?? null,
      entry.subjectEmail?.toLowerCase() ?? null,
      JSON.stringify(withoutSecrets(entry.change ?? {})),
    ],
  );
}

/** An audit row bound to its actor and action, completed by a service inside its transaction. */
export interface Audit {
  (tx: Queryable, about: Omit<AuditEntry, 'actor' | 'action'>): Promise<void>;
  readonly actor: AuditActor;
  readonly action: string;
}

/** The `Audit` a route hands a service: `auditAs(actor, 'member.update')`. */
export function auditAs(actor: AuditActor, action: string): Audit {
  const record = (tx: Queryable, about: Omit<AuditEntry, 'actor' | 'action'>) =>
    recordAudit(tx, { actor, action, ...about });
  return Object.assign(record, { actor, action });
}

/** The `Audit` of a signed-in staff member's action (the console's routes). */
export function staffAudit(staff: { staffId: string; email: string }, action: string): Audit {
  return auditAs({ kind: 'staff', id: staff.staffId, label: staff.email }, action);
}

/**
 * For a write that is one statement (a purchase: record_purchase, migration 0031), so its audit row
 * must be inserted by that statement's own data-modifying CTE: the row's actor kind, actor id,
 * actor label and action as parameters (all null without an audit, which then inserts nothing), and
 * `auditChangeJson` for the change.
 */
export function auditParams(
  audit: Audit | undefined,
): [string | null, string | null, string | null, string | null] {
  if (!audit) return [null, null, null, null];
  const { actor } = audit;
  return actor.kind === 'bootstrap'
    ? ['bootstrap', null, 'bootstrap key', audit.action]
    : [actor.kind, actor.id, actor.label ?? null, audit.action];
}

/**
 * Whether `value` is an object of plain values with nothing to redact (a purchase, 500 times a
 * batch): its JSON is then its own, with no copy to make.
 */
function flatAndClean(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== null && typeof member === 'object') return false;
    if (member !== null && member !== undefined && isSecretKey(key)) return false;
  }
  return true;
}

/** A change as the JSON the table stores (secrets redacted). */
export function auditChangeJson(change: AuditChange): string {
  return JSON.stringify(flatAndClean(change) ? change : withoutSecrets(change));
}

/** An audit row in a transaction of its own: only for a write that commits in several (the demo seed). */
export function recordAlone(db: Database, audit: Audit, about: Parameters<Audit>[1]): Promise<void> {
  return db.transaction((tx) => audit(tx, about));
}
