import { randomUUID } from 'node:crypto';
import type { AppContext } from '../app-context.ts';
import type { Audit } from '../audit/audit-log.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { enqueueMail } from '../email/outbox.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { type AppointmentMailKind, appointmentMail } from './appointment-emails.ts';
import { type AppointmentRow, beforeCutoff, findAppointment } from './appointment-rows.ts';
import { fitsSpan, overlapsTaken, takenRanges, utcDay, workingSpans } from './appointment-slots.ts';

const minute = 60_000;

/** Who is booking: members book slots before the cut-off; staff (a phone booking) any time in the hours. */
export type Booker = { kind: 'member' } | { kind: 'staff'; audit: Audit };

export interface SlotRequest {
  serviceId: string;
  stylistId: string;
  startsAt: Date;
}

const slotTaken = () => conflict('SlotTaken', 'That time has just been taken. Please choose another.');

/**
 * Where and when an appointment would be, checked against every rule but the stylist's other
 * appointments at the moment of writing (the exclusion constraint decides those): the stylist offers
 * the service, it is in the future, inside the stylist's hours in a store offering it, and (members)
 * on a slot's start within the days open for booking.
 */
async function placeFor(
  ctx: AppContext,
  tx: Queryable,
  request: SlotRequest,
  booker: Booker,
  except: string | null,
) {
  const service = await queryOne<{ duration_minutes: number; buffer_minutes: number }>(
    tx,
    `SELECT s.duration_minutes, s.buffer_minutes FROM appointment_services s
       JOIN appointment_service_stylists o ON o.service_id = s.id AND o.staff_id = $2
       JOIN staff_members m ON m.id = o.staff_id AND m.is_stylist AND m.deactivated_at IS NULL
      WHERE s.id = $1 AND s.active`,
    [request.serviceId, request.stylistId],
  );
  if (!service) throw badRequest('ServiceNotOffered', 'This stylist does not offer this service.');
  const times = { durationMinutes: service.duration_minutes, bufferMinutes: service.buffer_minutes };
  const start = request.startsAt;
  const now = new Date();
  if (start.getTime() <= now.getTime())
    throw badRequest('SlotInPast', 'That time has passed. Please choose another.');
  const { slotStepMinutes, bookAheadDays } = ctx.config.appointments;
  const outside = () =>
    badRequest('OutsideWorkingHours', 'The stylist is not working at that time. Please choose a free time.');
  if (booker.kind === 'member' && start.getTime() > now.getTime() + (bookAheadDays + 1) * 86_400_000)
    throw outside();
  const spans = await workingSpans(
    tx,
    request.stylistId,
    utcDay(start, -1),
    utcDay(start, 1),
    request.serviceId,
  );
  const span = spans.find((candidate) =>
    fitsSpan(candidate, times, start, booker.kind === 'member' ? slotStepMinutes : undefined),
  );
  if (!span) throw outside();
  const blockedFrom = new Date(start.getTime() - times.bufferMinutes * minute);
  const endsAt = new Date(start.getTime() + times.durationMinutes * minute);
  const taken = await takenRanges(tx, request.stylistId, blockedFrom, endsAt, except);
  if (overlapsTaken(taken, blockedFrom, endsAt)) throw slotTaken();
  return { storeId: span.store.id, blockedFrom, endsAt };
}

/** The appointment as this transaction just wrote it. */
async function reread(tx: Queryable, id: string): Promise<AppointmentRow> {
  const row = await findAppointment(tx, id);
  if (!row) throw new Error(`appointment ${id} is missing in the transaction that wrote it`);
  return row;
}

/** PostgreSQL's exclusion violation: another live appointment of the stylist overlaps (a parallel booking won). */
function isOverlap(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23P01';
}

/** Runs a write; a parallel booking that took the time first answers 409, never 500. */
async function writing<T>(ctx: AppContext, work: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(work);
  } catch (error) {
    if (isOverlap(error)) throw slotTaken();
    throw error;
  }
}

async function mailAbout(ctx: AppContext, tx: Queryable, row: AppointmentRow, kind: AppointmentMailKind) {
  const mail = await appointmentMail(ctx.config, ctx.origin, row, kind);
  if (mail) await enqueueMail(tx, mail);
}

/** Books an appointment for a member: written, confirmed by email with its calendar file, in one transaction. */
export function bookAppointment(
  ctx: AppContext,
  accountId: string,
  request: SlotRequest & { note: string },
  booker: Booker,
): Promise<AppointmentRow> {
  return writing(ctx, async (tx) => {
    const place = await placeFor(ctx, tx, request, booker, null);
    const uid = `${randomUUID()}@${new URL(ctx.origin).hostname}`;
    const inserted = await queryOne<{ id: string }>(
      tx,
      `INSERT INTO appointments (uid, account_id, stylist_id, service_id, store_id, starts_at, ends_at, blocked_from, note, booked_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        uid,
        accountId,
        request.stylistId,
        request.serviceId,
        place.storeId,
        request.startsAt,
        place.endsAt,
        place.blockedFrom,
        request.note,
        booker.kind,
      ],
    );
    const row = await reread(tx, inserted?.id ?? '');
    if (booker.kind === 'staff') {
      await booker.audit(tx, { memberId: accountId, change: auditChange(row) });
    }
    await mailAbout(ctx, tx, row, 'booked');
    return row;
  });
}

/** What an audit row keeps of an appointment (the note is the member's: their erasure blanks it). */
function auditChange(row: AppointmentRow) {
  return {
    appointmentId: row.id,
    stylistId: row.stylist_id,
    serviceId: row.service_id,
    storeId: row.store_id,
    startsAt: new Date(row.starts_at).toISOString(),
    status: row.status,
  };
}

/**
 * The appointment to change, locked: a member's own and booked, before the cut-off; staff may change
 * any booked one (cancel and move), and mark one arrived or no-show.
 */
async function changeable(
  ctx: AppContext,
  tx: Queryable,
  id: string,
  accountId: string | null,
): Promise<AppointmentRow> {
  const row = await findAppointment(tx, id, { ...(accountId ? { accountId } : {}), lock: true });
  if (!row) throw notFound('AppointmentNotFound', 'There is no such appointment.');
  if (row.status !== 'booked')
    throw conflict('AppointmentClosed', 'This appointment can no longer be changed.');
  if (accountId && !beforeCutoff(new Date(row.starts_at), ctx.config.appointments.changeCutoffHours)) {
    throw conflict(
      'PastChangeCutoff',
      'It is too late to change this appointment here. Please call the store.',
    );
  }
  return row;
}

/** Moves an appointment to another time (same service and stylist); the calendar's sequence moves on. */
export function rescheduleAppointment(
  ctx: AppContext,
  id: string,
  startsAt: Date,
  who: { accountId: string } | { audit: Audit },
): Promise<AppointmentRow> {
  return writing(ctx, async (tx) => {
    const accountId = 'accountId' in who ? who.accountId : null;
    const before = await changeable(ctx, tx, id, accountId);
    const booker: Booker = 'audit' in who ? { kind: 'staff', audit: who.audit } : { kind: 'member' };
    const request = { serviceId: before.service_id, stylistId: before.stylist_id, startsAt };
    const place = await placeFor(ctx, tx, request, booker, before.id);
    await tx.query(
      `UPDATE appointments SET starts_at = $2, ends_at = $3, blocked_from = $4, store_id = $5,
              sequence = sequence + 1, reminder_sent_at = NULL, updated_at = now()
        WHERE id = $1`,
      [id, startsAt, place.endsAt, place.blockedFrom, place.storeId],
    );
    const row = await reread(tx, id);
    if ('audit' in who) {
      await who.audit(tx, {
        memberId: row.account_id,
        change: { before: auditChange(before), after: auditChange(row) },
      });
    }
    await mailAbout(ctx, tx, row, 'moved');
    return row;
  });
}

/** Cancels an appointment: the time is free again at once, and the member's calendar is told. */
export function cancelAppointment(
  ctx: AppContext,
  id: string,
  who: { accountId: string } | { audit: Audit },
): Promise<AppointmentRow> {
  return writing(ctx, async (tx) => {
    const accountId = 'accountId' in who ? who.accountId : null;
    await changeable(ctx, tx, id, accountId);
    await tx.query(
      `UPDATE appointments SET status = 'cancelled', sequence = sequence + 1, updated_at = now() WHERE id = $1`,
      [id],
    );
    const row = await reread(tx, id);
    if ('audit' in who) await who.audit(tx, { memberId: row.account_id, change: auditChange(row) });
    await mailAbout(ctx, tx, row, 'cancelled');
    return row;
  });
}

/** Staff mark a booked appointment arrived or a no-show (today's or a past one). */
export function markAppointment(
  ctx: AppContext,
  id: string,
  status: 'arrived' | 'no-show',
  audit: Audit,
): Promise<AppointmentRow> {
  return writing(ctx, async (tx) => {
    const row = await findAppointment(tx, id, { lock: true });
    if (!row) throw notFound('AppointmentNotFound', 'There is no such appointment.');
    if (row.status !== 'booked' && row.status !== status) {
      throw conflict('AppointmentClosed', 'This appointment can no longer be changed.');
    }
    // A second tap (two tablets, a retry) changes nothing, so it records nothing either.
    if (row.status === status) return row;
    await tx.query(`UPDATE appointments SET status = $2, updated_at = now() WHERE id = $1`, [id, status]);
    const after = await reread(tx, id);
    await audit(tx, { memberId: row.account_id, change: { appointmentId: id, status } });
    return after;
  });
}
