import type { StaffRole } from '#shared/domain/staff-roles.ts';
import type { AppContext } from '../app-context.ts';
import { type Audit, auditAs } from '../audit/audit-log.ts';
import type { Queryable } from '../db/database.ts';
import { conflict, notFound } from '../http/errors.ts';
import {
  findStaffByEmail,
  findStaffById,
  forgetStaffDevices,
  insertStaff,
  issueEnrolment,
  listStaffRows,
  type StaffRow,
  staffView,
} from './staff-store.ts';

/**
 * Staff accounts: what the operator CLI (`staff create`, through the partner API) and an admin in
 * the console do. One implementation for both doors.
 */

/** The link a staff member registers their passkey by. The token is in the fragment: never sent to a server, never logged. */
function enrolUrl(ctx: AppContext, token: string): string {
  return `${ctx.origin}/staff/enrol#${token}`;
}

async function withEnrolment(ctx: AppContext, tx: Queryable, staff: StaffRow) {
  const { token, expiresAt } = await issueEnrolment(tx, staff.id, ctx.config.staff.enrolmentHours);
  return { staff: staffView(staff), enrolUrl: enrolUrl(ctx, token), expiresAt: expiresAt.toISOString() };
}

/**
 * Adds a staff member. The email of a deactivated one brings them back instead (with this name and
 * role, audited as `staff.reactivate`): deactivation is not a reason to refuse the person for good.
 * An active one's email is a 409.
 */
export async function createStaffMember(
  ctx: AppContext,
  input: { email: string; name: string; role: StaffRole },
  audit: Audit,
) {
  return ctx.db.transaction(async (tx) => {
    const staff = await insertStaff(tx, input);
    if (!staff) {
      const existing = await findStaffByEmail(tx, input.email, 'FOR UPDATE OF m');
      if (!existing?.deactivated_at)
        throw conflict('StaffExists', `A staff member with the email ${input.email} already exists.`);
      const back = await reactivate(tx, existing, input, auditAs(audit.actor, 'staff.reactivate'));
      return { ...(await withEnrolment(ctx, tx, back)), reactivated: true };
    }
    // Never the enrolment link: it holds a single-use token.
    await audit(tx, {
      change: { staffId: staff.id, email: input.email, name: input.name, role: input.role },
    });
    return { ...(await withEnrolment(ctx, tx, staff)), reactivated: false };
  });
}

/**
 * Brings a deactivated staff member back without the passkeys, sessions and browsers they had (the
 * deactivation may have been for a lost device): they enrol again with a new link.
 */
async function reactivate(
  tx: Queryable,
  before: StaffRow,
  changes: { name?: string; role?: StaffRole },
  audit: Audit,
): Promise<StaffRow> {
  await forgetStaffDevices(tx, before.id);
  const after = { full_name: changes.name ?? before.full_name, role: changes.role ?? before.role };
  await tx.query('UPDATE staff_members SET deactivated_at = NULL, full_name = $2, role = $3 WHERE id = $1', [
    before.id,
    after.full_name,
    after.role,
  ]);
  await audit(tx, {
    change: {
      staffId: before.id,
      email: before.email,
      before: { active: false, name: before.full_name, role: before.role },
      after: { active: true, name: after.full_name, role: after.role },
    },
  });
  return { ...before, ...after, deactivated_at: null, has_passkey: false };
}

/** Undoes a deactivation (the console): 409 for a staff member who is active. */
export async function reactivateStaffMember(ctx: AppContext, id: string, audit: Audit) {
  return ctx.db.transaction(async (tx) => {
    const before = await findStaffById(tx, id, 'FOR UPDATE OF m');
    if (!before) throw notFound('StaffNotFound', 'There is no staff member with that id.');
    if (!before.deactivated_at)
      throw conflict('StaffActive', 'This staff member is active: issue a new enrolment link instead.');
    return withEnrolment(ctx, tx, await reactivate(tx, before, {}, audit));
  });
}

/**
 * A new enrolment link for an active staff member (a new device): their older links stop working;
 * once it is used, so do their older passkeys and sessions (staff-passkeys.ts `enrol`).
 */
export async function newEnrolmentLink(ctx: AppContext, id: string, audit: Audit) {
  return linkFor(ctx, (tx) => findStaffById(tx, id, 'FOR UPDATE OF m'), audit);
}

/** newEnrolmentLink by email (the partner API and the CLI name staff by email). */
export async function newEnrolmentLinkByEmail(ctx: AppContext, email: string, audit: Audit) {
  return linkFor(ctx, (tx) => findStaffByEmail(tx, email, 'FOR UPDATE OF m'), audit);
}

async function linkFor(
  ctx: AppContext,
  find: (tx: Queryable) => Promise<StaffRow | undefined>,
  audit: Audit,
) {
  return ctx.db.transaction(async (tx) => {
    const staff = await find(tx);
    if (!staff || staff.deactivated_at)
      throw notFound('StaffNotFound', 'There is no active staff member with that id.');
    // Never the link itself: it holds a single-use token.
    await audit(tx, { change: { staffId: staff.id, email: staff.email } });
    return withEnrolment(ctx, tx, staff);
  });
}

export async function listStaff(ctx: AppContext) {
  return (await listStaffRows(ctx.db)).map(staffView);
}

/**
 * Whether taking `id` out of the admins leaves none. The active admins' rows are locked, so two
 * admins demoting each other at once cannot both pass.
 */
async function isLastAdmin(tx: Queryable, id: string): Promise<boolean> {
  const admins = await tx.query<{ id: string }>(
    "SELECT id FROM staff_members WHERE role = 'admin' AND deactivated_at IS NULL ORDER BY id FOR UPDATE",
  );
  return admins.length === 1 && admins[0]?.id === id;
}

const lastAdminMessage = 'The scheme needs at least one active admin: make someone else admin first.';

export async function changeStaffRole(ctx: AppContext, id: string, role: StaffRole, audit: Audit) {
  return ctx.db.transaction(async (tx) => {
    if (role !== 'admin' && (await isLastAdmin(tx, id))) throw conflict('LastAdmin', lastAdminMessage);
    const before = await findStaffById(tx, id, 'FOR UPDATE OF m');
    if (!before) throw notFound('StaffNotFound', 'There is no staff member with that id.');
    await tx.query('UPDATE staff_members SET role = $2 WHERE id = $1', [id, role]);
    await audit(tx, {
      change: { staffId: id, email: before.email, before: { role: before.role }, after: { role } },
    });
    return staffView({ ...before, role });
  });
}

/** Deactivates a staff member: their sessions end at once; the row stays (who did what stays readable). */
export async function deactivateStaffMember(ctx: AppContext, id: string, audit: Audit) {
  return ctx.db.transaction(async (tx) => {
    if (await isLastAdmin(tx, id)) throw conflict('LastAdmin', lastAdminMessage);
    const before = await findStaffById(tx, id, 'FOR UPDATE OF m');
    if (!before) throw notFound('StaffNotFound', 'There is no staff member with that id.');
    await tx.query('DELETE FROM staff_sessions WHERE staff_id = $1', [id]);
    await tx.query('DELETE FROM staff_browsers WHERE staff_id = $1', [id]);
    // Deactivating twice changes nothing and records nothing the second time.
    if (before.deactivated_at) return staffView(before);
    const [row] = await tx.query<{ deactivated_at: Date }>(
      'UPDATE staff_members SET deactivated_at = now() WHERE id = $1 RETURNING deactivated_at',
      [id],
    );
    await audit(tx, { change: { staffId: id, email: before.email, deactivated: true } });
    return staffView({ ...before, deactivated_at: row?.deactivated_at ?? new Date() });
  });
}
