import { renderEmail } from '../email/layout.ts';
import type { Mail } from '../email/mailer.ts';

function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

/** The emails that prove an address: verification (SPEC §4), and completing a guided sign-up (§2). */
export function verificationMail(brand: string, to: string, fullName: string, url: string): Mail {
  const title = `Please verify your email address for ${brand}`;
  const { html, text } = renderEmail(brand, {
    title: 'Verify your email address',
    paragraphs: [
      `Dear ${firstName(fullName)},`,
      `Please confirm that ${to} is your email address. Until you do, you still earn points on every purchase, but you cannot receive rewards.`,
    ],
    action: { label: 'Verify my email address', url },
    footer: 'If you did not ask for this, you can ignore this email.',
  });
  return { to, subject: title, html, text, links: [url] };
}

export function completeSignupMail(brand: string, to: string, fullName: string, url: string): Mail {
  const { html, text } = renderEmail(brand, {
    title: `Welcome to ${brand}`,
    paragraphs: [
      `Dear ${firstName(fullName)},`,
      'Thank you for joining us in store. Open the link below to confirm your email address and finish your membership.',
    ],
    action: { label: 'Complete my sign-up', url },
    footer: 'If you did not sign up, you can ignore this email.',
  });
  return { to, subject: `Complete your ${brand} sign-up`, html, text, links: [url] };
}
