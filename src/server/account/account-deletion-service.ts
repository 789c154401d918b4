import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { anonymiseAuditOf } from '../audit/audit-anonymise.ts';
import type { Audit } from '../audit/audit-log.ts';
import type { Queryable } from '../db/database.ts';
import { enqueueMail } from '../email/outbox.ts';
import type { AccountRow } from '../members/account-service.ts';
import { grantOf, revokeAtProvider } from '../nike-link/nike-link-service.ts';
import { forgetKeyedEvents } from '../rate-limits/rate-limits.ts';
import { voidPasses } from '../wallet/wallet-passes.ts';
import { accountDeletedMail } from './account-emails.ts';

/**
 * Tables whose rows about a member are kept, anonymised, when the member is deleted. Every other
 * table that references accounts (sessions, passkeys, tokens, invites, links to other services…) has
 * the member's rows deleted, whichever feature created it; see docs/deletion.md.
 */
const keptTables = new Set([
  'accounts',
  'ledger_entries',
  'marketing_consents',
  'wallet_passes',
  'audit_log',
]);

/**
 * Nullable references that nonetheless mark a row as the member's own: the invitation they accepted
 * (it holds their name, and the address it was sent to, which may no longer be their email), and
 * their link tokens (nullable only because an invitation's token targets an invitation instead), and
 * the unmatched purchase they claimed.
 */
const ownedThroughNullable = new Set([
  'invites.account_id',
  'link_tokens.account_id',
  // A till's purchase the member claimed: it names their card or email (its points are in the ledger).
  'unmatched_purchases.claimed_by',
]);

interface Reference {
  table_name: string;
  column_name: string;
  not_null?: boolean;
}

/**
 * SPEC §4 Account deletion: erases the member's personal data in one transaction and keeps the
 * ledger in anonymised form. The account row stays as an anonymous anchor for the ledger (a random
 * id, no name, email, phone, password, PIN or card number), so the email is free to be invited again.
 */
async function eraseAccount(tx: Queryable, account: AccountRow): Promise<void> {
  const email = account.email;
  // Rows of other features that point at the account: found from the schema, so a table added
  // later (passkeys, invites, third-party links…) is erased without this code knowing it.
  const references = await tx.query<Reference>(
    `SELECT src.relname AS table_name, att.attname AS column_name, att.attnotnull AS not_null
       FROM pg_constraint con
       JOIN pg_class src ON src.oid = con.conrelid
       JOIN pg_namespace ns ON ns.oid = src.relnamespace
       JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = ANY (con.conkey)
      WHERE con.contype = 'f' AND con.confrelid = 'accounts'::regclass AND ns.nspname = current_schema()
      ORDER BY src.relname, att.attname`,
  );
  // Tables holding an email address (e.g. invitations) lose the member's rows too.
  const emailTables = email
    ? await tx.query<Reference>(
        `SELECT table_name, column_name FROM information_schema.columns
          WHERE table_schema = current_schema() AND column_name = 'email' AND table_name <> 'accounts'
            AND table_name IN (SELECT table_name FROM information_schema.tables
                                WHERE table_schema = current_schema() AND table_type = 'BASE TABLE')`,
      )
    : [];

  const deletions: { sql: string; params: unknown[] }[] = [
    // Sessions first: they may point at a passkey.
    { sql: 'DELETE FROM sessions WHERE account_id = $1', params: [account.id] },
  ];
  for (const ref of references) {
    if (keptTables.has(ref.table_name) || ref.table_name === 'sessions') continue;
    // A row that belongs to the member goes; a row that merely mentions them (a nullable
    // reference, e.g. who did something) stays with the mention removed.
    const belongs = ref.not_null || ownedThroughNullable.has(`${ref.table_name}.${ref.column_name}`);
    deletions.push({
      sql: belongs
        ? `DELETE FROM ${quoteIdent(ref.table_name)} WHERE ${quoteIdent(ref.column_name)} = $1`
        : `UPDATE ${quoteIdent(ref.table_name)} SET ${quoteIdent(ref.column_name)} = NULL WHERE ${quoteIdent(ref.column_name)} = $1`,
      params: [account.id],
    });
  }
  for (const ref of emailTables) {
    deletions.push({
      sql: `DELETE FROM ${quoteIdent(ref.table_name)} WHERE lower(${quoteIdent(ref.column_name)}) = $1`,
      params: [email],
    });
  }
  await runInDependencyOrder(tx, deletions);
  // The wallet pass stays, anonymous (a random serial), so the member's phones and Google are told
  // it is void: the wallet worker pushes the voided pass and sets the Google object inactive.
  await voidPasses(tx, account.id);
  // Rate-limit counters are keyed by a hash of the email typed (recomputable from the address), the
  // address the member asked to move to among them (email changes are limited per address).
  if (email) await forgetKeyedEvents(tx, email);
  if (account.pending_email) await forgetKeyedEvents(tx, account.pending_email);

  // The audit log keeps who did what to this (now anonymous) account, without the personal data.
  await anonymiseAuditOf(tx, account.id, email);
  // The consent history keeps its rows (how many people chose what, and when) but not who.
  await tx.query('UPDATE marketing_consents SET account_id = NULL WHERE account_id = $1', [account.id]);
  // The ledger keeps amounts, kinds, dates, channel and store for the retailer's accounts. What leads
  // back to the person goes: the order reference and the partner's keys (orderId, returnId,
  // adjustmentId, redemptionId: each names a record in the till or order system), the hash of the
  // request (computed over the member's email or card number, so it could be recomputed from a
  // guess) and free-text reasons (a staff note may name them).
  await tx.query(
    `UPDATE ledger_entries
        SET order_id = NULL, request_key = NULL, request_hash = NULL, reason = NULL, anonymised_at = now()
      WHERE account_id = $1`,
    [account.id],
  );
  await tx.query(
    `UPDATE accounts SET
       full_name = '',
       email = NULL,
       pending_email = NULL,
       telephone_number = NULL,
       password_hash = NULL,
       pin = NULL,
       vip_level = NULL,
       home_origin = NULL,
       verification_sent_at = NULL,
       email_verified = false,
       loyalty_id = 'deleted-' || replace(id::text, '-', ''),
       can_sign_in = false,
       can_redeem = false,
       can_convert = false,
       deleted_at = now()
     WHERE id = $1`,
    [account.id],
  );
}

/**
 * Runs the deletions; one that fails because another table still points at its rows is retried
 * after the others (each attempt in a savepoint, so a failure does not abort the transaction).
 */
async function runInDependencyOrder(tx: Queryable, deletions: { sql: string; params: unknown[] }[]) {
  let pending = deletions;
  let savepoint = 0;
  while (pending.length > 0) {
    const failed: typeof pending = [];
    let lastError: unknown = null;
    for (const deletion of pending) {
      const name = `erase_${++savepoint}`;
      await tx.query(`SAVEPOINT ${name}`);
      try {
        await tx.query(deletion.sql, deletion.params);
        await tx.query(`RELEASE SAVEPOINT ${name}`);
      } catch (error) {
        await tx.query(`ROLLBACK TO SAVEPOINT ${name}`);
        if ((error as { code?: string }).code !== '23503') throw error;
        failed.push(deletion);
        lastError = error;
      }
    }
    if (failed.length === pending.length) throw lastError;
    pending = failed;
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * SPEC §4 Account deletion, as the member or staff ask for it: finds the account (`find` may refuse,
 * e.g. when the confirming email does not match), locks it, erases it and queues the last email to
 * the address it had, in one transaction; then asks the sportswear provider to revoke the member's
 * grant (RFC 7009). Answers the erased account as it was, or null when none.
 */
export async function deleteAccount(
  ctx: AppContext,
  find: (tx: Queryable) => Promise<AccountRow | undefined>,
  log: FastifyBaseLogger,
  /** Staff's deletion is audited (its row, written after the erasure, holds nothing personal). */
  audit?: Audit,
): Promise<AccountRow | null> {
  const erased = await ctx.db.transaction(async (tx) => {
    const account = await find(tx);
    if (!account) return null;
    // Locked and checked again: of parallel deletions (found before the first committed) one erases,
    // the others find it gone once the lock is theirs (PostgreSQL re-reads the row after the wait).
    const live = await tx.query('SELECT id FROM accounts WHERE id = $1 AND deleted_at IS NULL FOR UPDATE', [
      account.id,
    ]);
    if (live.length === 0) return null;
    // The sportswear link's grant, read before the erasure takes the link, to revoke at the provider.
    const nikeGrant = await grantOf(tx, account.id);
    await eraseAccount(tx, account);
    await audit?.(tx, { memberId: account.id, change: { deleted: true } });
    // Written after the erasure (which drops mail still queued for the member): the last email,
    // deleted from the outbox once delivered so the address is kept nowhere.
    if (account.email) {
      const goodbye = await accountDeletedMail(ctx.config, ctx.origin, account.email);
      await enqueueMail(tx, goodbye, true, { forgetOnceSent: true });
    }
    return { account, nikeGrant };
  });
  if (!erased) return null;
  log.info({ accountId: erased.account.id }, 'account erased');
  // After the commit: the member is forgotten here whatever the provider answers.
  if (erased.nikeGrant) await revokeAtProvider(ctx, erased.nikeGrant, log);
  return erased.account;
}
