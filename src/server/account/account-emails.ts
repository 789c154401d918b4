import type { Config } from '#shared/config.ts';
import { mailWords, renderEmail } from '../email/email-layout.tsx';
import type { Mail } from '../email/mailer.ts';

/**
 * Sent to the proven address when a new one is asked for, so a takeover cannot go unnoticed. The
 * change takes effect only once the new address is proven.
 */
export async function emailChangedMail(
  config: Config,
  origin: string,
  to: string,
  newEmail: string,
): Promise<Mail> {
  const w = mailWords(config).emailChanged;
  const content = await renderEmail(config, origin, {
    title: w.title,
    paragraphs: w.paragraphs(config.title, newEmail),
    action: { label: w.action, url: `${origin}/signin` },
    reason: w.reason(config.title),
  });
  return { to, subject: w.subject, ...content, links: [`${origin}/signin`] };
}

/** The last mail to a deleted member: what was erased and what is kept. */
export async function accountDeletedMail(config: Config, origin: string, to: string): Promise<Mail> {
  const w = mailWords(config).accountDeleted;
  const content = await renderEmail(config, origin, {
    title: w.title,
    paragraphs: w.paragraphs(config.title),
    reason: w.reason(config.title),
  });
  return { to, subject: w.subject, ...content };
}
