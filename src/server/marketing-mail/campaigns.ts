import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../app-context.ts';
import type { Queryable } from '../db/database.ts';
import { type EmailContent, mailWords, renderEmail } from '../email/email-layout.tsx';
import type { Mail } from '../email/mailer.ts';
import { enqueueMail } from '../email/outbox.ts';
import { runEvery } from '../jobs/run-every.ts';

/** A member a campaign may reach: their latest email choice is a yes and their address is proven. */
interface Recipient {
  id: string;
  email: string;
  fullName: string;
  vipLevel: string | null;
}

/**
 * What a feature supplies for its kind of campaign (a private sale, an event, a style guide): who of
 * the consenting members it is for, and what its mail says. The machinery does the rest: consent at
 * the moment of writing, batches, once per member, the unsubscribe link and headers.
 */
export interface CampaignKind {
  kind: string;
  /**
   * The campaign's mail, the same for every recipient (the unsubscribe link is added per member),
   * and which of these recipients it is for; null when the campaign no longer exists (it ends).
   */
  prepare(
    tx: Queryable,
    ctx: AppContext,
    campaignId: string,
    recipients: Recipient[],
  ): Promise<(CampaignContent & { for: Recipient[] }) | null>;
}

/** Recipients read per transaction: one batch's mails commit together, and no batch holds locks long. */
const defaultBatchSize = 200;

/**
 * Schedules a campaign's send at `sendAt`, in the caller's transaction (the sale, event or guide is
 * written with it). Scheduling again moves a send that has not begun; one that has begun keeps going.
 */
export async function scheduleCampaign(tx: Queryable, kind: string, id: string, sendAt: Date): Promise<void> {
  await tx.query(
    `INSERT INTO marketing_campaigns (kind, id, send_at) VALUES ($1, $2, $3)
     ON CONFLICT (kind, id) DO UPDATE SET send_at = EXCLUDED.send_at
      WHERE marketing_campaigns.through IS NULL AND marketing_campaigns.finished_at IS NULL`,
    [kind, id, sendAt],
  );
}

/** The unsubscribe token of one mail: random, and only its hash is stored. */
export function unsubscribeHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The one-click unsubscribe URL of a token (the page shows a button; mail clients POST to it). */
function unsubscribeUrl(origin: string, token: string): string {
  return `${origin}/unsubscribe/${token}`;
}

/** Stands for each recipient's token in the mail rendered once per batch. */
const tokenPlaceholder = 'UNSUBSCRIBETOKENPLACEHOLDER';

/** A campaign's words, the same for every recipient. */
export interface CampaignContent {
  subject: string;
  content: Omit<EmailContent, 'reason' | 'unsubscribe'>;
}

/**
 * A campaign's mail, rendered once (a batch's mails differ only in their unsubscribe link), with the
 * marketing footer: why the member gets it and the visible unsubscribe link. Answers each recipient's
 * mail with its own link in the body and in the RFC 8058 headers.
 */
export async function campaignMail(
  config: Parameters<typeof renderEmail>[0],
  origin: string,
  campaign: CampaignContent,
): Promise<(to: string, token: string) => Mail> {
  const words = mailWords(config).marketing;
  const placeholderUrl = unsubscribeUrl(origin, tokenPlaceholder);
  const { html, text } = await renderEmail(config, origin, {
    ...campaign.content,
    reason: words.reason(config.title),
    unsubscribe: { label: words.unsubscribe, url: placeholderUrl },
  });
  return (to, token) => {
    const url = unsubscribeUrl(origin, token);
    return {
      to,
      subject: campaign.subject,
      html: html.replaceAll(placeholderUrl, url),
      text: text.replaceAll(placeholderUrl, url),
      links: [...(campaign.content.action ? [campaign.content.action.url] : []), url],
      // RFC 8058: a mail client's one-click unsubscribe POSTs "List-Unsubscribe=One-Click" to the URL.
      headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  };
}

/**
 * One batch of one due campaign, in one transaction: the campaign row is locked (another server
 * sending it skips to its next campaign), the next consenting members after `through` are read,
 * the kind picks its audience, and each new (campaign, member) row is written with its mail. The
 * row's key makes a second write for the same member do nothing, whatever ran before. Answers the
 * mails written, or null when no campaign was due or free.
 */
async function sendOneBatch(
  ctx: AppContext,
  kinds: ReadonlyMap<string, CampaignKind>,
  batchSize: number,
): Promise<number | null> {
  return ctx.db.transaction(async (tx) => {
    const [campaign] = await tx.query<{ kind: string; id: string; through: string | null }>(
      `SELECT kind, id, through FROM marketing_campaigns
        WHERE finished_at IS NULL AND send_at <= now() AND kind = ANY ($1::text[])
        ORDER BY send_at, kind, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [[...kinds.keys()]],
    );
    if (!campaign) return null;
    const kind = kinds.get(campaign.kind) as CampaignKind;
    const recipients = await tx.query<{
      id: string;
      email: string;
      full_name: string;
      vip_level: string | null;
    }>(
      `SELECT a.id, a.email, a.full_name, a.vip_level FROM accounts a
        WHERE a.id > COALESCE($1::uuid, '00000000-0000-0000-0000-000000000000'::uuid)
          AND a.deleted_at IS NULL AND a.email IS NOT NULL AND a.email_verified
          AND (SELECT choice FROM marketing_consents c WHERE c.account_id = a.id AND c.channel = 'email'
                ORDER BY c.recorded_at DESC, c.id DESC LIMIT 1) = 'consent'
        ORDER BY a.id LIMIT $2`,
      [campaign.through, batchSize],
    );
    const last = recipients.at(-1);
    const finished = recipients.length < batchSize;
    await tx.query(
      `UPDATE marketing_campaigns SET through = COALESCE($3::uuid, through),
              finished_at = CASE WHEN $4::boolean THEN now() END
        WHERE kind = $1 AND id = $2`,
      [campaign.kind, campaign.id, last?.id ?? null, finished],
    );
    const prepared = await kind.prepare(
      tx,
      ctx,
      campaign.id,
      recipients.map((r) => ({ id: r.id, email: r.email, fullName: r.full_name, vipLevel: r.vip_level })),
    );
    if (!prepared) {
      await tx.query('UPDATE marketing_campaigns SET finished_at = now() WHERE kind = $1 AND id = $2', [
        campaign.kind,
        campaign.id,
      ]);
      return 0;
    }
    if (prepared.for.length === 0) return 0;
    const tokens = prepared.for.map(() => randomBytes(32).toString('base64url'));
    const written = await tx.query<{ account_id: string }>(
      `INSERT INTO marketing_mails (kind, campaign_id, account_id, unsubscribe_hash)
       SELECT $1, $2, r.account_id, r.hash FROM unnest($3::uuid[], $4::text[]) AS r (account_id, hash)
       ON CONFLICT DO NOTHING RETURNING account_id`,
      [campaign.kind, campaign.id, prepared.for.map((r) => r.id), tokens.map(unsubscribeHash)],
    );
    if (written.length === 0) return 0;
    const mailFor = await campaignMail(ctx.config, ctx.origin, prepared);
    const newly = new Set(written.map((row) => row.account_id));
    for (const [index, recipient] of prepared.for.entries()) {
      if (newly.has(recipient.id)) await enqueueMail(tx, mailFor(recipient.email, tokens[index] as string));
    }
    return written.length;
  });
}

/**
 * Sends every due campaign of these kinds, a batch per transaction, until none is due or free (another
 * server may be sending the rest). Safe in any number of servers at once. Answers the mails written.
 */
export async function sendDueCampaigns(
  ctx: AppContext,
  kinds: readonly CampaignKind[],
  batchSize = defaultBatchSize,
): Promise<number> {
  const byKind = new Map(kinds.map((kind) => [kind.kind, kind]));
  let total = 0;
  for (;;) {
    const written = await sendOneBatch(ctx, byKind, batchSize);
    if (written === null) break;
    total += written;
    ctx.outbox.wake();
  }
  return total;
}

export interface MarketingMail {
  /** Runs the sends now and every `everyMs` (a minute) in this server (start-server.ts). */
  start(everyMs?: number): void;
  /** Asks a started job for a run now (a campaign due at once was scheduled); runs coalesce. */
  wake(): void;
  stop(): void;
}

/** The marketing mail job of one server, for these kinds; nothing runs until it is started. */
export function marketingMail(ctx: () => AppContext, kinds: readonly CampaignKind[]): MarketingMail {
  let running: Promise<number> | null = null;
  let again = false;
  let stopTimer: (() => void) | null = null;
  const fail = (error: unknown) => ctx().log.error({ err: error }, 'marketing mail failed');
  const run = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = sendDueCampaigns(ctx(), kinds);
    try {
      const written = await running;
      if (written) ctx().log.info({ marketingMails: written }, 'marketing mail written');
    } finally {
      running = null;
      if (again && stopTimer) {
        again = false;
        void run().catch(fail);
      }
    }
  };
  return {
    start(everyMs = 60_000) {
      stopTimer ??= runEvery(everyMs, run, fail);
    },
    wake() {
      if (stopTimer) void run().catch(fail);
    },
    stop() {
      stopTimer?.();
      stopTimer = null;
    },
  };
}
