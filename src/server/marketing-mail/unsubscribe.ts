import type { Queryable } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import { recordMarketingConsents } from '../members/marketing-consents.ts';
import { unsubscribeHash } from './campaigns.ts';

/** The consent source of a withdrawal by a mail's link (consent-history.ts shows it as such). */
const unsubscribeSource = 'unsubscribe-link';

/** A token as campaigns.ts makes them: 32 random bytes, base64url. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

const invalidMessage = 'This unsubscribe link is not valid.';

/**
 * RFC 8058 one-click unsubscribe: the mail's token names one mail to one member, and withdraws that
 * member's email consent (a "decline" in their history, from the unsubscribe link). The mail row is
 * locked, then the account, as the privacy centre's withdrawal locks it, so parallel clicks record
 * one decline. A link works once: a replay, or a member who had already said no, changes nothing.
 * An unknown token is a 404 that writes nothing, and says nothing about any member.
 */
export async function unsubscribeByToken(tx: Queryable, token: string): Promise<'now' | 'already'> {
  if (!tokenShape.test(token)) throw notFound('LinkInvalid', invalidMessage);
  const [mail] = await tx.query<{ account_id: string; unsubscribed_at: Date | null }>(
    'SELECT account_id, unsubscribed_at FROM marketing_mails WHERE unsubscribe_hash = $1 FOR UPDATE',
    [unsubscribeHash(token)],
  );
  if (!mail) throw notFound('LinkInvalid', invalidMessage);
  if (mail.unsubscribed_at) return 'already';
  const [account] = await tx.query(
    'SELECT id FROM accounts WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
    [mail.account_id],
  );
  if (!account) throw notFound('LinkInvalid', invalidMessage);
  const [current] = await tx.query<{ choice: string }>(
    `SELECT choice FROM marketing_consents WHERE account_id = $1 AND channel = 'email'
      ORDER BY recorded_at DESC, id DESC LIMIT 1`,
    [mail.account_id],
  );
  await tx.query('UPDATE marketing_mails SET unsubscribed_at = now() WHERE unsubscribe_hash = $1', [
    unsubscribeHash(token),
  ]);
  if (current?.choice !== 'consent') return 'already';
  await recordMarketingConsents(tx, mail.account_id, { email: false }, unsubscribeSource);
  return 'now';
}
