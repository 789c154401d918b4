import type { Config } from '#shared/config.ts';
import { linkMail, mailWords, renderEmail } from '../email/email-layout.tsx';
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

/** The membership that asked to move to a new address, as its link's mail names it. */
interface ChangingMembership {
  fullName: string;
  loyaltyId: string;
  /** The address it has now, if any. */
  email: string | null;
}

/** An address as the mail shows it to someone who may not own the membership: "iv•••@example.com". */
function masked(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '•••' : `${email.slice(0, Math.min(2, at))}•••${email.slice(at)}`;
}

/**
 * The link that proves a membership's new address (SPEC §4 Profile update). Whoever owns the address
 * may not be the member, so it greets nobody by name, says which membership asks (its name, the last
 * digits of its card, its address masked) and that only that member, signed in, can confirm it.
 */
export function emailChangeProofMail(
  config: Config,
  origin: string,
  { to, url, membership }: { to: string; url: string; membership: ChangingMembership },
): Promise<Mail> {
  const w = mailWords(config).emailChangeProof;
  return linkMail(config, origin, to, url, {
    ...w,
    paragraphs: w.paragraphs(config.title, to, {
      name: membership.fullName,
      card: membership.loyaltyId.slice(-4),
      current: membership.email ? masked(membership.email) : null,
    }),
  });
}

/**
 * Sent instead of that link when the new address is already another membership's: the change answers
 * as for any address, so its owner hears only that someone tried, never who.
 */
export async function addressInUseMail(config: Config, origin: string, to: string): Promise<Mail> {
  const w = mailWords(config).addressInUse;
  const content = await renderEmail(config, origin, {
    title: w.title,
    paragraphs: w.paragraphs(config.title, to),
    action: { label: w.action, url: `${origin}/signin` },
    reason: w.reason(config.title),
  });
  return { to, subject: w.subject(config.title), ...content, links: [`${origin}/signin`] };
}
