import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { ApiKey, createApiKeyRequest, PartnerScope } from '#shared/api/api-keys.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import { type Database, type Queryable, queryOne } from '../db/database.ts';
import { conflict, notFound } from '../http/errors.ts';

/**
 * Named partner API keys. A key is `lk_` + 32 random bytes (base64url), shown once; the
 * database holds its SHA-256 only. With that much entropy a plain hash cannot be reversed or guessed,
 * and finding a key is one indexed equality on the hash — no comparison of secrets in JavaScript.
 */
export interface ApiKeyRow {
  id: string;
  name: string;
  scopes: PartnerScope[];
  created_at: Date;
  created_by: string | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const columns = 'id, name, scopes, created_at, created_by, last_used_at, revoked_at';

function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function apiKeyView(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}

function labelOf(actor: AuditActor): string {
  return actor.kind === 'bootstrap' ? 'bootstrap key' : (actor.label ?? actor.id);
}

/** Creates a key (audited as api_key.create); answers the row and the key, which is never stored. */
export async function createApiKey(
  db: Database,
  input: z.output<typeof createApiKeyRequest>,
  actor: AuditActor,
): Promise<{ row: ApiKeyRow; key: string }> {
  const key = `lk_${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    const [row] = await tx.query<ApiKeyRow>(
      `INSERT INTO partner_api_keys (name, scopes, key_hash, created_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING ${columns}`,
      [input.name, input.scopes, hashApiKey(key), labelOf(actor)],
    );
    if (!row) throw conflict('ApiKeyNameTaken', `A live API key is already named ${input.name}.`);
    await recordAudit(tx, {
      actor,
      action: 'api_key.create',
      change: { id: row.id, name: row.name, scopes: row.scopes },
    });
    return { row, key };
  });
}

export function listApiKeys(db: Queryable): Promise<ApiKeyRow[]> {
  return db.query<ApiKeyRow>(
    `SELECT ${columns} FROM partner_api_keys ORDER BY revoked_at NULLS FIRST, lower(name)`,
  );
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Revokes a key at once (audited as api_key.revoke); revoking it again changes and records nothing. */
export async function revokeApiKey(db: Database, id: string, actor: AuditActor): Promise<ApiKeyRow> {
  if (!uuid.test(id)) throw notFound('ApiKeyNotFound', `No API key has the id ${id}.`);
  return db.transaction(async (tx) => {
    const [revoked] = await tx.query<ApiKeyRow>(
      `UPDATE partner_api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING ${columns}`,
      [id],
    );
    if (revoked) {
      await recordAudit(tx, {
        actor,
        action: 'api_key.revoke',
        change: { id: revoked.id, name: revoked.name, scopes: revoked.scopes },
      });
      return revoked;
    }
    const existing = await queryOne<ApiKeyRow>(tx, `SELECT ${columns} FROM partner_api_keys WHERE id = $1`, [
      id,
    ]);
    if (!existing) throw notFound('ApiKeyNotFound', `No API key has the id ${id}.`);
    return existing;
  });
}

/** The key a bearer token is, live or revoked; undefined when it is none. */
export function findApiKey(db: Queryable, key: string): Promise<ApiKeyRow | undefined> {
  return queryOne<ApiKeyRow>(db, `SELECT ${columns} FROM partner_api_keys WHERE key_hash = $1`, [
    hashApiKey(key),
  ]);
}

/**
 * Notes that a key was used, at most once a minute per key: the hot purchase path reads the key
 * on every call but writes only when the stored time is over a minute old (the WHERE keeps two
 * servers, or two calls at once, from both writing).
 */
export async function touchApiKey(db: Queryable, row: ApiKeyRow, now = new Date()): Promise<void> {
  if (row.last_used_at && now.getTime() - row.last_used_at.getTime() < 60_000) return;
  await db.query(
    `UPDATE partner_api_keys SET last_used_at = now()
      WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [row.id],
  );
}
