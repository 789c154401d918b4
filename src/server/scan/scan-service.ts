import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  cardNumberPattern,
  type recordVisitEndpoint,
  type scannedMemberSchema,
} from '#shared/api/staff-scan.ts';
import type { Locale } from '#shared/config.ts';
import { roleIncludes, type StaffRole } from '#shared/domain/staff-roles.ts';
import { appointmentForToday } from '../appointments/appointment-today.ts';
import type { Audit } from '../audit/audit-log.ts';
import type { Database, Queryable } from '../db/database.ts';
import { queryOne } from '../db/database.ts';
import { looksLikeTicket } from '../events/event-tickets.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { balancesOf } from '../points/ledger-store.ts';
import { memberByLoyaltyId } from '../staff/staff-member-view.ts';

/**
 * What a scanned code names, and the visit recorded with one tap. Reads are one round trip each
 * after the member is found, in parallel, so the screen has its answer well within a second.
 * Who sees what: docs/decisions/0084-scan-a-card.md.
 */

type ScannedMember = z.input<typeof scannedMemberSchema>;

/** The role that sees a member's points and purchases on the scan screen (support sees the rest). */
const balancesRole: StaffRole = 'manager';
/** The role that sees the note of today's appointment (besides the appointment's own stylist). */
const noteRole: StaffRole = 'manager';

/** Who is scanning, where: what the answer may hold and which store's appointment it looks for. */
export interface ScanViewer {
  staffId: string;
  role: StaffRole;
  /** The tablet's store, when it has one. */
  storeId?: string | undefined;
  locale: Locale;
}

/** What a code is: a card number, or an event ticket (its signature is checked when it is used). */
export function classify(
  code: string,
): { kind: 'member'; loyaltyId: string } | { kind: 'ticket'; code: string } {
  // Some scanners add spaces or a leading symbology marker; a card number is only ever its digits.
  const compact = code.replace(/\s+/g, '');
  if (cardNumberPattern.test(compact)) return { kind: 'member', loyaltyId: compact };
  if (looksLikeTicket(compact)) return { kind: 'ticket', code: compact };
  throw badRequest('UnrecognisedCode', 'That is not a membership card number.');
}

export async function scannedMember(
  db: Database,
  loyaltyId: string,
  viewer: ScanViewer,
): Promise<ScannedMember> {
  const account = await memberByLoyaltyId(db, loyaltyId).catch(() => null);
  if (!account) throw notFound('CardNotFound', `No member has the card number ${loyaltyId}.`);
  const seesBalances = roleIncludes(viewer.role, balancesRole);
  const [shopper, visits, appointment, balances, purchases] = await Promise.all([
    queryOne<{ display_name: string }>(
      db,
      `SELECT COALESCE(p.display_name, s.full_name) AS display_name
         FROM accounts a JOIN staff_members s ON s.id = a.personal_shopper_id
         LEFT JOIN stylist_profiles p ON p.staff_id = s.id
        WHERE a.id = $1`,
      [account.id],
    ),
    recentVisits(db, account.id),
    appointmentForToday(db, account.id, { storeId: viewer.storeId, locale: viewer.locale }),
    seesBalances ? balancesOf(db, account.id) : null,
    seesBalances
      ? db.query<{
          created_at: Date;
          order_value: number | null;
          order_currency: string | null;
          points: number;
          store_display_name: string | null;
        }>(
          `SELECT created_at, order_value, order_currency, points, store_display_name FROM ledger_entries
            WHERE account_id = $1 AND kind = 'purchase' ORDER BY created_at DESC, id DESC LIMIT 5`,
          [account.id],
        )
      : null,
  ]);
  return {
    loyaltyId: account.loyalty_id,
    fullName: account.full_name,
    vipLevel: account.vip_level,
    personalShopper: shopper ? { displayName: shopper.display_name } : null,
    appointmentToday: appointment ? todayView(appointment, viewer) : null,
    visits,
    ...(balances
      ? { points: { balance: balances.pointsBalance, pending: balances.pendingPointsBalance } }
      : {}),
    ...(purchases
      ? {
          purchases: purchases.map((p) => ({
            at: p.created_at.toISOString(),
            amount: p.order_value === null ? null : Number(p.order_value),
            currency: p.order_currency,
            points: p.points,
            store: p.store_display_name,
          })),
        }
      : {}),
    visitId: randomUUID(),
  };
}

type Today = NonNullable<Awaited<ReturnType<typeof appointmentForToday>>>;

/** Today's appointment as the viewer may see it: the note only for managers up and its own stylist. */
function todayView(appointment: Today, viewer: ScanViewer): ScannedMember['appointmentToday'] {
  const seesNote = roleIncludes(viewer.role, noteRole) || appointment.stylist.id === viewer.staffId;
  return {
    id: appointment.id,
    service: appointment.service,
    stylist: { displayName: appointment.stylist.displayName },
    store: { name: appointment.store.name, timeZone: appointment.store.timeZone },
    startsAt: appointment.startsAt,
    endsAt: appointment.endsAt,
    ...(seesNote ? { note: appointment.note } : {}),
    // The look-up asks for live appointments only (booked or arrived).
    status: appointment.status === 'arrived' ? 'arrived' : 'booked',
  };
}

async function recentVisits(db: Queryable, accountId: string) {
  const rows = await db.query<{ visited_at: Date; store: string }>(
    `SELECT v.visited_at, s.name AS store FROM store_visits v JOIN stores s ON s.id = v.store_id
      WHERE v.account_id = $1 ORDER BY v.visited_at DESC, v.id LIMIT 5`,
    [accountId],
  );
  return rows.map((r) => ({ visitedAt: r.visited_at.toISOString(), store: r.store }));
}

export async function storesForScan(db: Queryable) {
  const rows = await db.query<{ id: string; code: string; name: string }>(
    'SELECT id, code, name FROM stores ORDER BY name, code',
  );
  return { stores: rows };
}

type VisitInput = z.output<typeof recordVisitEndpoint.request>;

/**
 * Records the visit the look-up named, once: a second tap or a retried request with the same visit
 * id writes nothing and answers the visit already recorded. One audit row per visit, in its
 * transaction.
 */
export async function recordVisit(db: Database, input: VisitInput, staffId: string, audit: Audit) {
  return db.transaction(async (tx) => {
    const account = await memberByLoyaltyId(tx, input.loyaltyId).catch(() => null);
    if (!account) throw notFound('CardNotFound', `No member has the card number ${input.loyaltyId}.`);
    const store = await queryOne<{ name: string }>(tx, 'SELECT name FROM stores WHERE id = $1', [
      input.storeId,
    ]);
    if (!store) throw notFound('StoreNotFound', 'There is no such store.');
    const inserted = await queryOne<{ visited_at: Date }>(
      tx,
      `INSERT INTO store_visits (id, account_id, store_id, staff_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO NOTHING RETURNING visited_at`,
      [input.visitId, account.id, input.storeId, staffId],
    );
    if (inserted) {
      await audit(tx, { memberId: account.id, change: { store: store.name, visitId: input.visitId } });
      return { recorded: true, visit: { visitedAt: inserted.visited_at.toISOString(), store: store.name } };
    }
    const earlier = await queryOne<{ account_id: string; store_id: string; visited_at: Date }>(
      tx,
      'SELECT account_id, store_id, visited_at FROM store_visits WHERE id = $1',
      [input.visitId],
    );
    if (!earlier || earlier.account_id !== account.id || earlier.store_id !== input.storeId)
      throw conflict(
        'VisitIdReused',
        'That visit was recorded for another member or store. Scan the card again.',
      );
    return { recorded: false, visit: { visitedAt: earlier.visited_at.toISOString(), store: store.name } };
  });
}
