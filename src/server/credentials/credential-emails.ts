import type { Config } from '#shared/config.ts';
import { linkMail, mailWords } from '../email/email-layout.tsx';
import type { Mail } from '../email/mailer.ts';

/** A credential link's mail: to whom, the raw token (only ever in the link), where it lands after. */
interface TokenMail {
  to: string;
  token: string;
  next?: string | undefined;
}

const q = encodeURIComponent;

/** The emailed sign-in link (SPEC §2 Magic-link request, §4 Magic-login). */
export function magicLinkEmail(
  config: Config,
  origin: string,
  { to, token, next }: TokenMail,
): Promise<Mail> {
  const url = `${origin}/magic-login?token=${q(token)}${next ? `&next=${q(next)}` : ''}`;
  const w = mailWords(config).magicLink;
  const paragraphs = w.paragraphs(config.title, config.magicLinkExpiryMinutes);
  return linkMail(config, origin, to, url, { ...w, paragraphs });
}

/**
 * The emailed re-confirmation link (recent authentication): it works in the browser that asked for
 * it, once, and only for a short while.
 */
export function reauthenticationEmail(
  config: Config,
  origin: string,
  { to, token }: TokenMail,
): Promise<Mail> {
  const w = mailWords(config).reauthentication;
  const url = `${origin}/confirm-it-is-you?token=${q(token)}`;
  return linkMail(config, origin, to, url, {
    ...w,
    paragraphs: w.paragraphs(config.title, config.magicLinkExpiryMinutes),
  });
}

/** The emailed reset link, to /set-new-password with the email and token (SPEC §2 Reset password page). */
export function passwordResetEmail(config: Config, origin: string, { to, token }: TokenMail): Promise<Mail> {
  const url = `${origin}/set-new-password?email=${q(to)}&token=${q(token)}`;
  const { passwordReset: w } = mailWords(config);
  return linkMail(config, origin, to, url, {
    ...w,
    paragraphs: w.paragraphs(config.passwordResetExpiryMinutes),
  });
}

/**
 * Tells the member their password changed, so a change they did not make does not go unnoticed.
 * `first`: the member had no password before (joined by link or passkey): it was set, not changed.
 */
export function passwordChangedEmail(
  config: Config,
  origin: string,
  to: string,
  first = false,
): Promise<Mail> {
  const url = `${origin}/reset-password`;
  const words = mailWords(config);
  const w = first ? words.passwordSet : words.passwordChanged;
  return linkMail(config, origin, to, url, { ...w, paragraphs: w.paragraphs(config.title) });
}
