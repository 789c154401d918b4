import type { Config } from '#shared/config.ts';
import { mailWords, renderEmail } from '../email/email-layout.tsx';
import type { Mail } from '../email/mailer.ts';

/** The emailed sign-in link (SPEC §2 Magic-link request, §4 Magic-login). */
export async function magicLinkEmail(
  config: Config,
  origin: string,
  to: string,
  token: string,
  next?: string,
): Promise<Mail> {
  const url = `${origin}/magic-login?token=${encodeURIComponent(token)}${next ? `&next=${encodeURIComponent(next)}` : ''}`;
  const w = mailWords(config).magicLink;
  const content = await renderEmail(config, origin, {
    title: w.title,
    paragraphs: w.paragraphs(config.title, config.magicLinkExpiryMinutes),
    action: { label: w.action, url },
    note: w.note,
    reason: w.reason(config.title),
  });
  return { to, subject: w.subject(config.title), ...content, links: [url] };
}

/**
 * The emailed re-confirmation link (recent authentication): it works in the browser that asked for
 * it, once, and only for a short while.
 */
export async function reauthenticationEmail(
  config: Config,
  origin: string,
  to: string,
  token: string,
): Promise<Mail> {
  const url = `${origin}/confirm-it-is-you?token=${encodeURIComponent(token)}`;
  const w = mailWords(config).reauthentication;
  const content = await renderEmail(config, origin, {
    title: w.title,
    paragraphs: w.paragraphs(config.title, config.magicLinkExpiryMinutes),
    action: { label: w.action, url },
    note: w.note,
    reason: w.reason(config.title),
  });
  return { to, subject: w.subject(config.title), ...content, links: [url] };
}

/** The emailed reset link, to /set-new-password with the email and token (SPEC §2 Reset password page). */
export async function passwordResetEmail(
  config: Config,
  origin: string,
  to: string,
  token: string,
): Promise<Mail> {
  const url = `${origin}/set-new-password?email=${encodeURIComponent(to)}&token=${encodeURIComponent(token)}`;
  const w = mailWords(config).passwordReset;
  const content = await renderEmail(config, origin, {
    title: w.title,
    paragraphs: w.paragraphs(config.passwordResetExpiryMinutes),
    action: { label: w.action, url },
    note: w.note,
    reason: w.reason(config.title),
  });
  return { to, subject: w.subject(config.title), ...content, links: [url] };
}

/** Tells the member their password changed, so a change they did not make does not go unnoticed. */
export async function passwordChangedEmail(config: Config, origin: string, to: string): Promise<Mail> {
  const url = `${origin}/reset-password`;
  const w = mailWords(config).passwordChanged;
  const content = await renderEmail(config, origin, {
    title: w.title,
    paragraphs: w.paragraphs(config.title),
    action: { label: w.action, url },
    reason: w.reason(config.title),
  });
  return { to, subject: w.subject(config.title), ...content, links: [url] };
}
