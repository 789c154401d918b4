import type { DataExport } from '#shared/api/privacy.ts';
import type { Config } from '#shared/config.ts';
import { exportAppointments } from '../appointments/appointment-rows.ts';
import { memberClaims } from '../claims/claims-service.ts';
import { describeUserAgent } from '../credentials/user-agent.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { invitationsForExport, rsvpsForExport } from '../events/rsvps-export.ts';
import { notFound } from '../http/errors.ts';
import { marketingMailsForExport } from '../marketing-mail/mails-export.ts';
import type { AccountRow } from '../members/account-service.ts';
import { accountView } from '../members/account-view.ts';
import { revealsForExport } from '../private-sales/reveals-export.ts';
import { storeVisitsForExport } from '../scan/store-visits.ts';
import { memberShopper } from '../stylists/stylist-service.ts';
import { consentHistoryOf } from './consent-history.ts';

const signInRequiredMessage = 'To access your account details, you first need to sign in';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/**
 * Tables that hold rows about a member and what the export does with them. The API test compares
 * this with every table that references accounts, so a table added later must be placed here (and
 * exported, or its reason given) before the tests pass: the export cannot silently fall behind.
 */
export const exportCoverage: Record<string, string> = {
  accounts: 'exported: account',
  marketing_consents: 'exported: consents',
  ledger_entries: 'exported: ledger (without the partner request key and hash)',
  sessions: 'exported: sessions (without the token hash)',
  known_browsers: 'exported: knownBrowsers (when each was first and last used; not the browser id hash)',
  passkeys: 'exported: passkeys (public metadata; no credential id or public key)',
  wallet_passes: 'exported: walletPasses (no serial number or authentication token)',
  nike_links: 'exported: sportswearLink (no grant token)',
  invites: 'exported: invitations (the ones the member accepted)',
  purchase_claims: 'exported: missingPurchaseReports (what the member reported, its state and reason)',
  unmatched_purchases:
    "exported: through the ledger (a claimed purchase is a ledger row); the till request itself is the retailer's",
  points_expiry_reminders: 'exported: pointsExpiryReminders (the day, the points, when it was sent)',
  store_visits: 'exported: storeVisits (when and in which store; not which staff member recorded it)',
  appointments: 'exported: appointments (service, stylist, store, times, the note, state, who booked it)',
  audit_log: 'exported: staffActions (what was done and when; not which staff member did it)',
  private_sale_reveals: 'exported: privateSaleReveals (the sale, the code shown, when)',
  private_sale_codes: 'exported: through privateSaleReveals (the code given is the one revealed)',
  event_rsvps: 'exported: eventRsvps (the event, the answer, guests, when answered and checked in)',
  event_invitees: 'exported: eventInvitations (the events the member was invited to by name)',
  marketing_mails:
    'exported: marketingEmails (which campaign, when sent, when its link unsubscribed; not the link token hash)',
  link_tokens:
    'not exported: emailed sign-in, reset and verification links are secrets and expire within days',
  nike_link_attempts:
    'not exported: an unfinished link attempt holds only OAuth secrets and expires in minutes',
  webauthn_challenges: 'not exported: a passkey challenge is a random secret that expires in minutes',
};

interface LedgerRow {
  id: string | number;
  kind: string;
  points: number;
  cash: number;
  created_at: Date;
  confirms_at: Date | null;
  confirmed_at: Date | null;
  order_id: string | null;
  channel: string | null;
  store_display_name: string | null;
  fascia_display_name: string | null;
  order_value: number | null;
  order_currency: string | null;
  discount: string | null;
  reason: string | null;
  reverses_entry_id: string | number | null;
  source: string;
}

interface SessionRow {
  token_hash: string;
  created_at: Date;
  last_seen_at: Date;
  authenticated_at: Date;
  expires_at: Date;
  user_agent: string | null;
  passkey_title: string | null;
}

/**
 * GDPR articles 15 and 20: everything held about the signed-in member, read only by their own
 * account id (never an email, which an unproven address could share with another account), in one
 * read-only transaction so the parts agree. Secrets are never selected, and the response schema
 * (dataExportSchema) drops anything it does not name.
 */
export async function exportMemberData(
  tx: Queryable,
  config: Config,
  accountId: string,
  sessionTokenHash: string,
): Promise<DataExport> {
  const row = await queryOne<AccountRow>(tx, 'SELECT * FROM accounts WHERE id = $1 AND deleted_at IS NULL', [
    accountId,
  ]);
  if (!row) throw notFound('LOGIN_REQUIRED', signInRequiredMessage);
  const view = await accountView(tx, row, config);
  const history = await consentHistoryOf(tx, accountId);

  const ledger = await tx.query<LedgerRow>(
    `SELECT id, kind, points, cash, created_at, confirms_at, confirmed_at, order_id, channel,
            store_display_name, fascia_display_name, order_value, order_currency, discount, reason,
            reverses_entry_id, source
       FROM ledger_entries WHERE account_id = $1 ORDER BY created_at, id`,
    [accountId],
  );
  const sessions = await tx.query<SessionRow>(
    `SELECT s.token_hash, s.created_at, s.last_seen_at, s.authenticated_at, s.expires_at, s.user_agent,
            p.title AS passkey_title
       FROM sessions s LEFT JOIN passkeys p ON p.id = s.passkey_id AND p.account_id = s.account_id
      WHERE s.account_id = $1 ORDER BY s.created_at`,
    [accountId],
  );
  const browsers = await tx.query<{ first_seen_at: Date; last_seen_at: Date }>(
    'SELECT first_seen_at, last_seen_at FROM known_browsers WHERE account_id = $1 ORDER BY first_seen_at',
    [accountId],
  );
  const passkeys = await tx.query<{
    title: string;
    key_number: number;
    created_at: Date;
    last_used_at: Date | null;
    last_used_browser: string | null;
    last_used_device_vendor: string | null;
    last_used_os: string | null;
    device_type: string;
    backed_up: boolean;
  }>(
    `SELECT title, key_number, created_at, last_used_at, last_used_browser, last_used_device_vendor,
            last_used_os, device_type, backed_up
       FROM passkeys WHERE account_id = $1 ORDER BY key_number`,
    [accountId],
  );
  const passes = await tx.query<{
    created_at: Date;
    updated_at: Date;
    devices: string | number;
    google_saved: boolean;
    voided_at: Date | null;
  }>(
    `SELECT p.created_at, p.updated_at, p.google_saved, p.voided_at,
            (SELECT count(*) FROM wallet_registrations r WHERE r.serial_number = p.serial_number) AS devices
       FROM wallet_passes p WHERE p.account_id = $1`,
    [accountId],
  );
  const link = await queryOne<{ linked_at: Date; provider_subject: string }>(
    tx,
    'SELECT linked_at, provider_subject FROM nike_links WHERE account_id = $1',
    [accountId],
  );
  const invitations = await tx.query<{
    full_name: string;
    email: string;
    invited_by: string | null;
    existing_customer: boolean;
    created_at: Date;
    expires_at: Date;
    consumed_at: Date | null;
  }>(
    `SELECT full_name, email, invited_by, existing_customer, created_at, expires_at, consumed_at
       FROM invites WHERE account_id = $1 ORDER BY created_at`,
    [accountId],
  );
  const claims = await memberClaims(tx, accountId);
  const reminders = await tx.query<{ expires_on: string; points: number; sent_at: Date }>(
    `SELECT expires_on::text, points, sent_at FROM points_expiry_reminders
      WHERE account_id = $1 ORDER BY expires_on`,
    [accountId],
  );
  const storeVisits = await storeVisitsForExport(tx, accountId);
  const shopper = await memberShopper(tx, accountId);
  const privateSaleReveals = await revealsForExport(tx, accountId, config.locale);
  const marketingEmails = await marketingMailsForExport(tx, accountId);
  const eventRsvps = await rsvpsForExport(tx, accountId, config.locale);
  const eventInvitations = await invitationsForExport(tx, accountId, config.locale);
  const appointments = await exportAppointments(tx, accountId, config.locale);
  const staffActions = await tx.query<{ at: Date; action: string; actor_kind: string; change: unknown }>(
    'SELECT at, action, actor_kind, change FROM audit_log WHERE member_id = $1 ORDER BY at, id',
    [accountId],
  );

  return {
    format: 'members-club-data-export/1',
    exportedAt: new Date().toISOString(),
    scheme: config.title,
    account: {
      memberNumber: row.loyalty_id,
      fullName: row.full_name,
      email: row.email,
      emailVerified: row.email_verified,
      newEmailAwaitingVerification: row.pending_email,
      telephoneNumber: row.telephone_number,
      memberSince: iso(row.created_at),
      membershipType: row.membership_type,
      currency: row.currency,
      pointsBalance: view.pointsBalance,
      pendingPoints: view.pendingPointsBalance,
      cashBalance: row.cash_balance,
      memberDiscount: row.vip_level,
      creditAccount: row.is_credit,
      underReview: row.under_review,
      canSignIn: row.can_sign_in,
      canRedeem: row.can_redeem,
      canConvert: row.can_convert,
      // That they exist, never what they are.
      hasPassword: row.password_hash !== null,
      hasCardPin: row.pin !== null,
    },
    consents: {
      current: {
        email: view.membership.marketingConsent,
        whatsapp: view.membership.marketingConsentWhatsApp,
      },
      history,
    },
    ledger: ledger.map((entry) => ({
      id: Number(entry.id),
      kind: entry.kind,
      points: entry.points,
      cash: entry.cash,
      createdAt: iso(entry.created_at),
      pointsConfirmAt: isoOrNull(entry.confirms_at),
      confirmedAt: isoOrNull(entry.confirmed_at),
      orderId: entry.order_id,
      channel: entry.channel,
      store: entry.store_display_name,
      fascia: entry.fascia_display_name,
      orderValue: entry.order_value,
      orderCurrency: entry.order_currency,
      discount: entry.discount,
      reason: entry.reason,
      reversesEntry: entry.reverses_entry_id === null ? null : Number(entry.reverses_entry_id),
      recordedBy: entry.source,
    })),
    sessions: sessions.map((session) => {
      const device = describeUserAgent(session.user_agent ?? undefined);
      return {
        startedAt: iso(session.created_at),
        lastUsedAt: iso(session.last_seen_at),
        lastAuthenticatedAt: iso(session.authenticated_at),
        endsAt: iso(session.expires_at),
        browser: device.browser,
        deviceVendor: device.vendor,
        operatingSystem: device.os,
        userAgent: session.user_agent,
        signedInWithPasskey: session.passkey_title,
        thisSession: session.token_hash === sessionTokenHash,
      };
    }),
    knownBrowsers: browsers.map((browser) => ({
      firstSignInAt: iso(browser.first_seen_at),
      lastSignInAt: iso(browser.last_seen_at),
    })),
    passkeys: passkeys.map((passkey) => ({
      title: passkey.title,
      keyNumber: passkey.key_number,
      createdAt: iso(passkey.created_at),
      lastUsedAt: isoOrNull(passkey.last_used_at),
      lastUsedBrowser: passkey.last_used_browser,
      lastUsedDeviceVendor: passkey.last_used_device_vendor,
      lastUsedOperatingSystem: passkey.last_used_os,
      deviceType: passkey.device_type,
      backedUp: passkey.backed_up,
    })),
    walletPasses: passes.map((pass) => ({
      createdAt: iso(pass.created_at),
      updatedAt: iso(pass.updated_at),
      appleDevicesRegistered: Number(pass.devices),
      savedToGoogleWallet: pass.google_saved,
      voidedAt: isoOrNull(pass.voided_at),
    })),
    walletPresence: row.wallet_presence ?? null,
    sportswearLink: link ? { linkedAt: iso(link.linked_at), accountId: link.provider_subject } : null,
    pointsExpiryReminders: reminders.map((r) => ({
      expiresOn: r.expires_on,
      points: r.points,
      sentAt: iso(r.sent_at),
    })),
    privateSaleReveals,
    eventRsvps,
    eventInvitations,
    marketingEmails,
    missingPurchaseReports: claims.map(({ id: _, ...claim }) => claim),
    personalShopper: shopper ? { name: shopper.name } : null,
    storeVisits,
    appointments,
    staffActions: staffActions.map((entry) => ({
      at: iso(entry.at),
      action: entry.action,
      // Staff and keys are people and systems of the retailer: their names are not the member's data.
      by: entry.actor_kind === 'member' ? 'you' : entry.actor_kind === 'staff' ? 'staff' : 'partner-system',
      change: isRecord(entry.change) ? entry.change : {},
    })),
    invitations: invitations.map((invite) => ({
      fullName: invite.full_name,
      email: invite.email,
      from: invite.invited_by,
      existingCustomer: invite.existing_customer,
      sentAt: iso(invite.created_at),
      expiresAt: iso(invite.expires_at),
      acceptedAt: isoOrNull(invite.consumed_at),
    })),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
