import type { Config } from '#shared/config.ts';
import { renderEmail } from '../email/layout.ts';
import type { Mail } from '../email/mailer.ts';

function minutesText(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The emailed sign-in link (SPEC §2 Magic-link request, §4 Magic-login). */
export function magicLinkEmail(
  config: Config,
  origin: string,
  to: string,
  token: string,
  next?: string,
): Mail {
  const url = `${origin}/magic-login?token=${encodeURIComponent(token)}${next ? `&next=${encodeURIComponent(next)}` : ''}`;
  const content = renderEmail(config.title, {
    title: 'Your sign-in link',
    paragraphs: [
      `Use the button below to sign in to ${config.title}.`,
      `The link works once and expires in ${minutesText(config.magicLinkExpiryMinutes)}.`,
    ],
    action: { label: 'Sign in', url },
    footer: 'If you did not ask to sign in, you can ignore this email: nobody can sign in without the link.',
  });
  return { to, subject: `Sign in to ${config.title}`, ...content, links: [url] };
}

/**
 * The emailed re-confirmation link (recent authentication): it works in the browser that asked for
 * it, once, and only for a short while.
 */
export function reauthenticationEmail(config: Config, origin: string, to: string, token: string): Mail {
  const url = `${origin}/confirm-it-is-you?token=${encodeURIComponent(token)}`;
  const content = renderEmail(config.title, {
    title: 'Confirm it is you',
    paragraphs: [
      `You asked to confirm it is you before changing your ${config.title} account.`,
      `Open the link in the same browser. It works once and expires in ${minutesText(config.magicLinkExpiryMinutes)}.`,
    ],
    action: { label: 'Confirm it is me', url },
    footer:
      'If you did not ask for this, you can ignore this email, and you may want to change your password.',
  });
  return { to, subject: `Confirm it is you: ${config.title}`, ...content, links: [url] };
}

/** The emailed reset link, to /set-new-password with the email and token (SPEC §2 Reset password page). */
export function passwordResetEmail(config: Config, origin: string, to: string, token: string): Mail {
  const url = `${origin}/set-new-password?email=${encodeURIComponent(to)}&token=${encodeURIComponent(token)}`;
  const content = renderEmail(config.title, {
    title: 'Reset your password',
    paragraphs: [
      'We received a request to reset the password of your membership account.',
      `Choose a new password with the button below. The link works once and expires in ${minutesText(config.passwordResetExpiryMinutes)}.`,
    ],
    action: { label: 'Choose a new password', url },
    footer: 'If you did not ask for this, you can ignore this email: your password stays as it is.',
  });
  return { to, subject: `Reset your ${config.title} password`, ...content, links: [url] };
}

/** Tells the member their password changed, so a change they did not make does not go unnoticed. */
export function passwordChangedEmail(config: Config, origin: string, to: string): Mail {
  const url = `${origin}/reset-password`;
  const content = renderEmail(config.title, {
    title: 'Your password has been changed',
    paragraphs: [
      `The password of your ${config.title} account was just changed, and your other devices were signed out.`,
      'If this was not you, reset your password now.',
    ],
    action: { label: 'Reset password', url },
  });
  return { to, subject: `Your ${config.title} password has been changed`, ...content, links: [url] };
}
