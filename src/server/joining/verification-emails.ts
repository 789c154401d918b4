import type { Config } from '#shared/config.ts';
import { linkMail, mailWords } from '../email/email-layout.tsx';
import type { Mail } from '../email/mailer.ts';

/** To whom, and the link: the two mails that prove an address greet the member by first name. */
interface ProofMail {
  to: string;
  fullName: string;
  url: string;
}

function greeting(config: Config, fullName: string): string {
  return mailWords(config).greeting(fullName.trim().split(/\s+/)[0] ?? fullName);
}

/** Verification of the address (SPEC §4). */
export function verificationMail(
  config: Config,
  origin: string,
  { to, fullName, url }: ProofMail,
): Promise<Mail> {
  const w = mailWords(config).verification;
  return linkMail(config, origin, to, url, {
    ...w,
    paragraphs: [greeting(config, fullName), ...w.paragraphs(to)],
  });
}

/** Completing a guided sign-up (SPEC §2): the link proves the address and opens the last step. */
export function completeSignupMail(
  config: Config,
  origin: string,
  { to, fullName, url }: ProofMail,
): Promise<Mail> {
  const w = mailWords(config).completeSignup;
  return linkMail(config, origin, to, url, {
    ...w,
    paragraphs: [greeting(config, fullName), ...w.paragraphs],
  });
}
