import type { Config } from '#shared/config.ts';
import { renderEmail } from '../email/layout.ts';
import type { Mail } from '../email/mailer.ts';

/**
 * Sent to the proven address when a new one is asked for, so a takeover cannot go unnoticed. The
 * change takes effect only once the new address is proven.
 */
export function emailChangedMail(config: Config, origin: string, to: string, newEmail: string): Mail {
  const title = 'Your email address is being changed';
  const content = renderEmail(config.title, {
    title,
    paragraphs: [
      `We were asked to change the email address of your ${config.title} membership to ${newEmail}. We have sent a link to that address; the change takes effect once it is opened, and until then we keep using this address.`,
      'If you asked for this, there is nothing more to do here. If you did not, contact customer services straight away.',
    ],
    action: { label: 'Sign in', url: `${origin}/signin` },
  });
  return { to, subject: title, ...content, links: [`${origin}/signin`] };
}

/** The last mail to a deleted member: what was erased and what is kept. */
export function accountDeletedMail(config: Config, to: string): Mail {
  const title = 'Your membership has been deleted';
  const content = renderEmail(config.title, {
    title,
    paragraphs: [
      `As you asked, your ${config.title} membership has been deleted and you have been signed out everywhere.`,
      'We have erased your name, email address, telephone number, password, passkeys and marketing choices. Your points and rewards have ended.',
      'We keep an anonymous record of past purchases and rewards, with nothing that identifies you, because the law requires us to keep our accounts.',
      'This is the last email you will receive from us about this membership.',
    ],
  });
  return { to, subject: title, ...content };
}
