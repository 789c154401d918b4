import type { Config } from '#shared/config.ts';
import { formatDayAndTime } from '#shared/domain/date-time-format.ts';
import { linkMail, mailWords } from '../email/email-layout.tsx';
import type { Mail } from '../email/mailer.ts';
import type { Device } from './device.ts';

/**
 * "New sign-in to your account": a security notice, sent whatever the member's marketing choices
 * (docs/decisions/0052-emails-from-one-set-of-react.md). It names the browser and the time, and
 * links to the page where the member can end that session.
 */
export function newSignInEmail(
  config: Config,
  origin: string,
  input: { to: string; device: Device; at: Date; hasPassword: boolean },
): Promise<Mail> {
  const words = mailWords(config);
  const w = words.newSignIn;
  // Written as every member's screen and email writes a moment (date-format.ts).
  const when = formatDayAndTime(input.at, config.locale);
  const device = words.deviceName(input.device.browser, input.device.platform);
  return linkMail(config, origin, input.to, `${origin}/help/security`, {
    ...w,
    paragraphs: w.paragraphs(config.title, device, when, input.hasPassword),
  });
}
