import { accountDeletedMail, emailChangedMail } from '../../src/server/account/account-emails.ts';
import { claimApprovedMail, claimRefusedMail } from '../../src/server/claims/claim-emails.ts';
import {
  magicLinkEmail,
  passwordChangedEmail,
  passwordResetEmail,
  reauthenticationEmail,
} from '../../src/server/credentials/credential-emails.ts';
import type { Mail } from '../../src/server/email/mailer.ts';
import { eventMail } from '../../src/server/events/event-mails.ts';
import { freshInvitationMail, invitationMail } from '../../src/server/joining/invite-emails.ts';
import { welcomeMail } from '../../src/server/joining/welcome-email.ts';
import {
  addressInUseMail,
  completeSignupMail,
  emailChangeProofMail,
  verificationMail,
} from '../../src/server/members/verification-emails.ts';
import { expiryReminderMail } from '../../src/server/points/expiry-reminder-email.ts';
import { newSignInEmail } from '../../src/server/sessions/new-sign-in-email.ts';
import { type Config, parseConfig } from '../../src/shared/config.ts';
import { mailEvent } from './event-fixture.ts';

/** A 256-bit token as the app makes them, so each link is as long as a real one. */
const token = 'Qx3v9PZb1hT0mYwK7sLr2cJf8nGdE5aUoVi4RkHqWzX';
const origin = 'https://members.example-retailer.co.uk';
const to = 'alexandra.montgomery-smythe@example.com';

/** Every email the app sends, built as the app builds it, for one configuration. */
export async function everyEmail(
  overrides: Record<string, unknown> = {},
): Promise<{ name: string; mail: Mail }[]> {
  const config: Config = parseConfig({ title: 'Members Club', pointsExpiry: { months: 12 }, ...overrides });
  const invite = {
    to,
    fullName: 'Alexandra Montgomery-Smythe',
    invitedBy: 'Charlotte Personal-Shopper',
    acceptUrl: `${origin}/start-signup?token=${token}`,
    expiresAt: new Date('2026-12-24T12:00:00Z'),
  };
  const verifyUrl = `${origin}/verify-email?email=${encodeURIComponent(to)}&token=${token}`;
  const claim = {
    to,
    fullName: invite.fullName,
    orderId: 'WEB-2026-000123456789',
    purchasedOn: '2026-11-21',
  };
  const completeUrl = `${origin}/complete-signup?token=${token}&email=${encodeURIComponent(to)}`;
  return [
    { name: 'magic-link', mail: await magicLinkEmail(config, origin, { to, token, next: '/help/privacy' }) },
    { name: 'reauthentication', mail: await reauthenticationEmail(config, origin, { to, token }) },
    { name: 'password-reset', mail: await passwordResetEmail(config, origin, { to, token }) },
    { name: 'password-changed', mail: await passwordChangedEmail(config, origin, to) },
    { name: 'invitation', mail: await invitationMail(config, origin, invite) },
    { name: 'fresh-invitation', mail: await freshInvitationMail(config, origin, invite) },
    {
      name: 'verification',
      mail: await verificationMail(config, origin, { to, fullName: invite.fullName, url: verifyUrl }),
    },
    {
      name: 'complete-signup',
      mail: await completeSignupMail(config, origin, { to, fullName: invite.fullName, url: completeUrl }),
    },
    { name: 'email-changed', mail: await emailChangedMail(config, origin, to, 'new.address@example.com') },
    { name: 'account-deleted', mail: await accountDeletedMail(config, origin, to) },
    {
      name: 'new-sign-in',
      mail: await newSignInEmail(config, origin, {
        to,
        device: { browser: 'Samsung Internet', platform: 'Android' },
        at: new Date('2026-11-23T07:02:00Z'),
        hasPassword: true,
      }),
    },
    {
      name: 'points-expiry-reminder',
      mail: await expiryReminderMail(config, origin, {
        to,
        fullName: invite.fullName,
        expiresOn: '2027-03-01',
        points: 1250,
      }),
    },
    {
      name: 'email-change-proof',
      mail: await emailChangeProofMail(config, origin, {
        to,
        url: verifyUrl,
        membership: { fullName: invite.fullName, loyaltyId: '6301000000014', email: 'alex@example.com' },
      }),
    },
    { name: 'address-in-use', mail: await addressInUseMail(config, origin, to) },
    {
      name: 'welcome',
      mail: await welcomeMail(config, origin, { to, fullName: invite.fullName, loyaltyId: '6301000000014' }),
    },
    {
      name: 'claim-approved',
      mail: await claimApprovedMail(config, origin, {
        ...claim,
        points: 1250,
        confirmsAt: new Date(Date.now() + 14 * 86_400_000),
      }),
    },
    {
      name: 'claim-refused',
      mail: await claimRefusedMail(config, origin, {
        ...claim,
        reason:
          config.locale === 'da-DK'
            ? 'Vi kunne ikke finde ordren i vores kasser; kvitteringen viser en anden butiks ordrenummer.'
            : 'We could not find this order at our tills; the receipt shows another store’s order number.',
        pointsTakenBack: 1250,
      }),
    },
    // A member without a password chose their first: it was set, not changed.
    { name: 'password-set', mail: await passwordChangedEmail(config, origin, to, true) },
    ...(await Promise.all(
      (['promoted', 'reminder', 'cancelled'] as const).map(async (kind) => {
        const answer = {
          rsvp_id: 'a3e1c2d4-5b6f-4a7b-8c9d-0e1f2a3b4c5d',
          guests: 1,
          full_name: invite.fullName,
          email: to,
        };
        const mail = await eventMail(config, origin, mailEvent, answer, kind);
        if (!mail) throw new Error('an event mail with an address is written');
        return { name: `event-${kind}`, mail };
      }),
    )),
  ];
}
