import type { Config } from '#shared/config.ts';
import { formatDayWithYear } from '#shared/domain/date-time-format.ts';
import { mailWords, renderEmail } from '../email/email-layout.tsx';
import type { Mail } from '../email/mailer.ts';

interface InviteMailInput {
  to: string;
  fullName: string;
  invitedBy: string | null;
  acceptUrl: string;
  expiresAt: Date;
}

function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

/** The last day the link works, written as every member's screen and email writes a day. */
function expiryDate(config: Config, expiresAt: Date): string {
  return formatDayWithYear(expiresAt, config.locale);
}

/** The invitation: who it is from and the VIP offer (SPEC §1, §2). */
export async function invitationMail(config: Config, origin: string, input: InviteMailInput): Promise<Mail> {
  const words = mailWords(config);
  const w = words.invitation;
  const title = w.title(config.title, input.invitedBy);
  const { html, text } = await renderEmail(config, origin, {
    title,
    paragraphs: [words.greeting(firstName(input.fullName)), ...w.paragraphs(config.title, input.invitedBy)],
    bullets: w.bullets,
    action: { label: w.action, url: input.acceptUrl },
    note: `${w.expiry(expiryDate(config, input.expiresAt))} ${w.note}`,
    reason: w.reason(config.title),
  });
  return { to: input.to, subject: title, html, text, links: [input.acceptUrl] };
}

/** Sent when an expired invitation link is opened: a fresh one (SPEC §4 Invitation: expired). */
export async function freshInvitationMail(
  config: Config,
  origin: string,
  input: InviteMailInput,
): Promise<Mail> {
  const words = mailWords(config);
  const w = words.freshInvitation;
  const title = w.title(config.title);
  const { html, text } = await renderEmail(config, origin, {
    title,
    paragraphs: [words.greeting(firstName(input.fullName)), ...w.paragraphs(input.invitedBy)],
    bullets: words.invitation.bullets,
    action: { label: words.invitation.action, url: input.acceptUrl },
    note: words.invitation.expiry(expiryDate(config, input.expiresAt)),
    reason: w.reason(config.title),
  });
  return { to: input.to, subject: title, html, text, links: [input.acceptUrl] };
}
