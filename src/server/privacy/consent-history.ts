import type { ConsentEvent, consentPlaces } from '#shared/api/privacy.ts';
import type { Config } from '#shared/config.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { recordMarketingConsents } from '../members/marketing-consents.ts';

type Channel = 'email' | 'whatsapp';
type Place = (typeof consentPlaces)[number];

const signInRequiredMessage = 'To access your account details, you first need to sign in';
const whatsappOffMessage = 'WhatsApp messages are not offered.';

/** The consent source recorded by the privacy centre's one-tap withdrawal. */
const privacyCentreSource = 'privacy-centre';

/**
 * Where an answer was given, as the member reads it. The stored source may carry more than the member
 * should see (a guided sign-up's store token): only the place leaves the server.
 */
function placeOf(source: string): Place {
  if (source === 'invite' || source === 'signup' || source === 'demo') return 'joining';
  if (source.startsWith('guided-signup')) return 'joining-in-store';
  if (source === 'edit-details') return 'my-details';
  if (source === privacyCentreSource) return 'privacy-centre';
  if (source === 'unsubscribe-link') return 'unsubscribe-link';
  // Anything else was written by staff tools (the CLI, the partner API, the staff console).
  return 'staff';
}

interface ConsentRow {
  channel: Channel;
  choice: 'consent' | 'decline';
  source: string;
  recorded_at: Date;
}

/** The member's consent history, newest first (the append-only marketing_consents, DESIGN). */
export async function consentHistoryOf(db: Queryable, accountId: string): Promise<ConsentEvent[]> {
  const rows = await db.query<ConsentRow>(
    `SELECT channel, choice, source, recorded_at FROM marketing_consents
      WHERE account_id = $1 ORDER BY recorded_at DESC, id DESC`,
    [accountId],
  );
  return rows.map((row) => ({
    channel: row.channel,
    choice: row.choice,
    place: placeOf(row.source),
    recordedAt: new Date(row.recorded_at).toISOString(),
  }));
}

/**
 * One-tap withdrawal: the channel becomes "decline", recorded as given in the privacy centre, in
 * one transaction with the account row locked, so parallel taps record one decline, not many. A
 * channel that is not "consent" changes nothing (withdrawing twice is no new event in the history).
 */
export async function withdrawConsent(tx: Queryable, config: Config, accountId: string, channel: Channel) {
  if (channel === 'whatsapp' && !config.enableTelephoneNumber) {
    throw badRequest('InvalidRequest', whatsappOffMessage, { fieldErrors: { channel: whatsappOffMessage } });
  }
  const account = await queryOne(
    tx,
    'SELECT id FROM accounts WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
    [accountId],
  );
  if (!account) throw notFound('LOGIN_REQUIRED', signInRequiredMessage);
  const current = await queryOne<{ choice: string }>(
    tx,
    `SELECT choice FROM marketing_consents WHERE account_id = $1 AND channel = $2
      ORDER BY recorded_at DESC, id DESC LIMIT 1`,
    [accountId, channel],
  );
  if (current?.choice !== 'consent') return { changed: false };
  await recordMarketingConsents(tx, accountId, { [channel]: false }, privacyCentreSource);
  return { changed: true };
}
