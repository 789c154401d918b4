import { renderEmail } from '../email/layout.ts';
import type { Mail } from '../email/mailer.ts';

/** SPEC §1: what the VIP scheme offers, as the invitation lists it. */
const vipOffer = [
  'Private sales, before anyone else',
  'Priority personal-shopping care',
  'Invitations to our events',
  'Bi-weekly style guides',
];

interface InviteMailInput {
  brand: string;
  to: string;
  fullName: string;
  invitedBy: string | null;
  acceptUrl: string;
  expiresAt: Date;
}

function expiryLine(expiresAt: Date): string {
  const date = expiresAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  return `For your security the link works once and until ${date}.`;
}

function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

/** The invitation: who it is from and the VIP offer (SPEC §1, §2). */
export function invitationMail(input: InviteMailInput): Mail {
  const from = input.invitedBy ? `${input.invitedBy} has invited you` : 'You are invited';
  const title = `${from} to join ${input.brand}`;
  const { html, text } = renderEmail(input.brand, {
    title,
    paragraphs: [
      `Dear ${firstName(input.fullName)},`,
      input.invitedBy
        ? `${input.invitedBy} would like to welcome you to ${input.brand}, our VIP scheme. As a member you enjoy:`
        : `We would like to welcome you to ${input.brand}, our VIP scheme. As a member you enjoy:`,
    ],
    bullets: vipOffer,
    action: { label: 'Accept your invitation', url: input.acceptUrl },
    footer: `${expiryLine(input.expiresAt)} If you were not expecting this invitation, you can ignore this email.`,
  });
  return { to: input.to, subject: title, html, text, links: [input.acceptUrl] };
}

/** Sent when an expired invitation link is opened: a fresh one (SPEC §4 Invitation: expired). */
export function freshInvitationMail(input: InviteMailInput): Mail {
  const title = `Your new invitation to ${input.brand}`;
  const { html, text } = renderEmail(input.brand, {
    title,
    paragraphs: [
      `Dear ${firstName(input.fullName)},`,
      'For security, the invitation link you opened had expired, so here is a fresh one. Older links no longer work.',
      input.invitedBy
        ? `${input.invitedBy} is looking forward to welcoming you. As a member you enjoy:`
        : 'As a member you enjoy:',
    ],
    bullets: vipOffer,
    action: { label: 'Accept your invitation', url: input.acceptUrl },
    footer: expiryLine(input.expiresAt),
  });
  return { to: input.to, subject: title, html, text, links: [input.acceptUrl] };
}
