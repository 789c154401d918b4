import type { Config } from '#shared/config.ts';
import { mailWordsDaDK } from './mail-words-da-DK.ts';
import { type MailWords, mailWordsEnGB } from './mail-words-en-GB.ts';

/** The words of the configured locale's emails. */
export function mailWords(config: Pick<Config, 'locale'>): MailWords {
  return config.locale === 'da-DK' ? mailWordsDaDK : mailWordsEnGB;
}

/** What one email says; every word comes from the catalogue (mail-words-*.ts). */
export interface EmailContent {
  title: string;
  paragraphs: string[];
  bullets?: string[];
  /** The one action of the mail. */
  action?: { label: string; url: string };
  /** A closing line in the body (e.g. "if you did not ask for this…"). */
  note?: string;
  /** Why the member received it: in the footer of every email. */
  reason: string;
  /** Marketing mail only: the visible one-click unsubscribe link under the reason. */
  unsubscribe?: { label: string; url: string };
}

/** An email's HTML and plain-text parts, from the one layout, in the configured locale. */
export async function renderEmail(
  config: Pick<
    Config,
    | 'title'
    | 'locale'
    | 'customerServicesEmail'
    | 'customerServicesPhone'
    | 'customerServicesHours'
    | 'externalFaqUrl'
  >,
  origin: string,
  content: EmailContent,
): Promise<{ html: string; text: string }> {
  const phone = { phone: config.customerServicesPhone, hours: config.customerServicesHours };
  const contact = config.customerServicesEmail
    ? { email: config.customerServicesEmail, ...phone }
    : // The contact page shows whatever the scheme configured; the FAQ only says "contact customer services".
      { helpUrl: `${origin}/help/contact`, ...phone };
  const { renderLayout } = await import('./email-template.tsx');
  return renderLayout({ brand: config.title, words: mailWords(config), content, contact });
}

/** A catalogue block of an email whose point is one link (sign-in, reset, verification…). */
interface LinkMailWords {
  subject(scheme: string): string;
  title: string | ((scheme: string) => string);
  action: string;
  note?: string;
  reason(scheme: string): string;
}

/** The mail of one link: the block's words around the button, the link also kept for the dev log. */
export async function linkMail(
  config: Parameters<typeof renderEmail>[0],
  origin: string,
  to: string,
  url: string,
  words: LinkMailWords & { paragraphs: string[] },
): Promise<{ to: string; subject: string; html: string; text: string; links: string[] }> {
  const { subject, title, action, note, reason, paragraphs } = words;
  const content = await renderEmail(config, origin, {
    title: typeof title === 'function' ? title(config.title) : title,
    paragraphs,
    action: { label: action, url },
    ...(note ? { note } : {}),
    reason: reason(config.title),
  });
  return { to, subject: subject(config.title), ...content, links: [url] };
}
