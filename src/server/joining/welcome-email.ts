import type { Config } from '#shared/config.ts';
import type { Queryable } from '../db/database.ts';
import { mailWords, renderEmail } from '../email/email-layout.tsx';
import type { Mail } from '../email/mailer.ts';
import { enqueueMail } from '../email/outbox.ts';
import type { AccountRow } from '../members/account-service.ts';

/** The welcome after joining: the card's number, what it is for, and the way to the card itself. */
export async function welcomeMail(
  config: Config,
  origin: string,
  input: { to: string; fullName: string; loyaltyId: string },
): Promise<Mail> {
  const words = mailWords(config);
  const w = words.welcome;
  const first = input.fullName.trim().split(/\s+/)[0] || input.fullName;
  const content = await renderEmail(config, origin, {
    title: w.title(config.title),
    paragraphs: [words.greeting(first), ...w.paragraphs(config.title, input.loyaltyId)],
    bullets: w.bullets,
    action: { label: w.action, url: `${origin}/` },
    note: w.note,
    reason: w.reason(config.title),
  });
  return { to: input.to, subject: w.subject(config.title), ...content, links: [`${origin}/`] };
}

/**
 * Writes the welcome to the outbox in the caller's transaction, the one that completes joining, so
 * the mail exists exactly when the membership does. Only to a proven address: nothing is sent to an
 * address its owner has not shown is theirs.
 */
export async function queueWelcomeMail(
  ctx: { config: Config; origin: string },
  tx: Queryable,
  account: Pick<AccountRow, 'email' | 'email_verified' | 'full_name' | 'loyalty_id'>,
): Promise<void> {
  if (!account.email || !account.email_verified) return;
  await enqueueMail(
    tx,
    await welcomeMail(ctx.config, ctx.origin, {
      to: account.email,
      fullName: account.full_name,
      loyaltyId: account.loyalty_id,
    }),
  );
}
