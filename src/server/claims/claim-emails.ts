import type { Config } from '#shared/config.ts';
import { calendarDay, formatHistoryDate } from '#shared/domain/date-format.ts';
import { formatPoints } from '#shared/domain/format.ts';
import { mailWords, renderEmail } from '../email/email-layout.tsx';
import type { Mail } from '../email/mailer.ts';

interface ClaimMailInput {
  to: string;
  fullName: string;
  orderId: string;
  /** The day of the purchase (YYYY-MM-DD). */
  purchasedOn: string;
}

function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] || fullName;
}

/** Staff approved a missing purchase: its points, and when they count if they wait for returns. */
export async function claimApprovedMail(
  config: Config,
  origin: string,
  input: ClaimMailInput & { points: number; confirmsAt: Date | null },
): Promise<Mail> {
  const words = mailWords(config);
  const w = words.claimApproved;
  const day = formatHistoryDate(calendarDay(input.purchasedOn), config.locale);
  const pending =
    input.confirmsAt && input.confirmsAt.getTime() > Date.now()
      ? [w.pending(formatHistoryDate(input.confirmsAt, config.locale))]
      : [];
  const content = await renderEmail(config, origin, {
    title: w.title,
    paragraphs: [
      words.greeting(firstName(input.fullName)),
      ...w.paragraphs(config.title, input.orderId, day, formatPoints(input.points, config.locale)),
      ...pending,
    ],
    action: { label: w.action, url: `${origin}/` },
    reason: w.reason(config.title),
  });
  return { to: input.to, subject: w.subject, ...content, links: [`${origin}/`] };
}

/** Staff refused a missing purchase: their reason, and the points taken back if it had been approved. */
export async function claimRefusedMail(
  config: Config,
  origin: string,
  input: ClaimMailInput & { reason: string; pointsTakenBack: number | null },
): Promise<Mail> {
  const words = mailWords(config);
  const w = words.claimRefused;
  const day = formatHistoryDate(calendarDay(input.purchasedOn), config.locale);
  const content = await renderEmail(config, origin, {
    title: w.title,
    paragraphs: [
      words.greeting(firstName(input.fullName)),
      ...w.paragraphs(config.title, input.orderId, day),
      w.reason(input.reason),
      ...(input.pointsTakenBack ? [w.takenBack(formatPoints(input.pointsTakenBack, config.locale))] : []),
      w.help,
    ],
    action: { label: w.action, url: `${origin}/` },
    reason: w.why(config.title),
  });
  return { to: input.to, subject: w.subject, ...content, links: [`${origin}/`] };
}
