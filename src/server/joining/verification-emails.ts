import type { Config } from '#shared/config.ts';
import { mailWords, renderEmail } from '../email/email-layout.tsx';
import type { Mail } from '../email/mailer.ts';

function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

/** The emails that prove an address: verification (SPEC §4), and completing a guided sign-up (§2). */
export async function verificationMail(
  config: Config,
  origin: string,
  to: string,
  fullName: string,
  url: string,
): Promise<Mail> {
  const words = mailWords(config);
  const w = words.verification;
  const { html, text } = await renderEmail(config, origin, {
    title: w.title,
    paragraphs: [words.greeting(firstName(fullName)), ...w.paragraphs(to)],
    action: { label: w.action, url },
    note: w.note,
    reason: w.reason(config.title),
  });
  return { to, subject: w.subject(config.title), html, text, links: [url] };
}

export async function completeSignupMail(
  config: Config,
  origin: string,
  to: string,
  fullName: string,
  url: string,
): Promise<Mail> {
  const words = mailWords(config);
  const w = words.completeSignup;
  const { html, text } = await renderEmail(config, origin, {
    title: w.title(config.title),
    paragraphs: [words.greeting(firstName(fullName)), ...w.paragraphs],
    action: { label: w.action, url },
    note: w.note,
    reason: w.reason(config.title),
  });
  return { to, subject: w.subject(config.title), html, text, links: [url] };
}
