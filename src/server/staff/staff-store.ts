import type { StaffRole } from '#shared/domain/staff-roles.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { hashToken, newToken } from '../sessions/tokens.ts';

/** A row of staff_members (migration 0019), with whether a passkey is registered. */
export interface StaffRow {
  id: string;
  email: string;
  full_name: string;
  role: StaffRole;
  created_at: Date;
  deactivated_at: Date | null;
  has_passkey: boolean;
  is_stylist: boolean;
}

const staffColumns = `m.id, m.email, m.full_name, m.role, m.created_at, m.deactivated_at, m.is_stylist,
  EXISTS (SELECT 1 FROM staff_passkeys p WHERE p.staff_id = m.id) AS has_passkey`;

/** A staff member as the console and the CLI show them. */
export function staffView(row: StaffRow) {
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    role: row.role,
    active: row.deactivated_at === null,
    hasPasskey: row.has_passkey,
    isStylist: row.is_stylist,
    createdAt: row.created_at.toISOString(),
  };
}

export function findStaffById(db: Queryable, id: string, lock = ''): Promise<StaffRow | undefined> {
  return queryOne<StaffRow>(db, `SELECT ${staffColumns} FROM staff_members m WHERE m.id = $1 ${lock}`, [id]);
}

export function findStaffByEmail(db: Queryable, email: string, lock = ''): Promise<StaffRow | undefined> {
  return queryOne<StaffRow>(db, `SELECT ${staffColumns} FROM staff_members m WHERE m.email = $1 ${lock}`, [
    email,
  ]);
}

/**
 * Cuts a staff member off every device they had: their passkeys (and with them the sessions they
 * started), every other session, and the browsers noted for their sign-in limit. Passkeys first: a
 * sign-in running alongside holds its passkey's row until its session is written (staff-passkeys.ts),
 * so the sessions are deleted after it has committed.
 */
export async function forgetStaffDevices(db: Queryable, staffId: string): Promise<void> {
  await db.query('DELETE FROM staff_passkeys WHERE staff_id = $1', [staffId]);
  await db.query('DELETE FROM staff_sessions WHERE staff_id = $1', [staffId]);
  await db.query('DELETE FROM staff_browsers WHERE staff_id = $1', [staffId]);
}

export function listStaffRows(db: Queryable): Promise<StaffRow[]> {
  return db.query<StaffRow>(
    `SELECT ${staffColumns} FROM staff_members m ORDER BY m.deactivated_at IS NOT NULL, m.full_name, m.email`,
  );
}

/** Inserts a staff member; undefined when the email is taken (ON CONFLICT: no exception in the transaction). */
export function insertStaff(
  db: Queryable,
  input: { email: string; name: string; role: StaffRole },
): Promise<StaffRow | undefined> {
  return queryOne<StaffRow>(
    db,
    `INSERT INTO staff_members AS m (email, full_name, role) VALUES ($1, $2, $3)
     ON CONFLICT (email) DO NOTHING
     RETURNING ${staffColumns}`,
    [input.email, input.name, input.role],
  );
}

/**
 * Issues an enrolment link's token for a staff member, retiring their older live ones in the same
 * statement (only the newest link works). Answers the raw token, which goes only into the link.
 */
export async function issueEnrolment(
  db: Queryable,
  staffId: string,
  hours: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const row = await queryOne<{ expires_at: Date }>(
    db,
    `WITH retired AS (
       UPDATE staff_enrolments SET used_at = now() WHERE staff_id = $2 AND used_at IS NULL
     )
     INSERT INTO staff_enrolments (token_hash, staff_id, expires_at)
     VALUES ($1, $2, now() + make_interval(hours => $3)) RETURNING expires_at`,
    [hashToken(token), staffId, hours],
  );
  if (!row) throw new Error('enrolment insert returned no row');
  return { token, expiresAt: row.expires_at };
}

/** The active staff member a live enrolment token names (without spending it), or undefined. */
export function staffOfLiveEnrolment(db: Queryable, token: string): Promise<StaffRow | undefined> {
  return queryOne<StaffRow>(
    db,
    `SELECT ${staffColumns} FROM staff_enrolments e JOIN staff_members m ON m.id = e.staff_id
      WHERE e.token_hash = $1 AND e.used_at IS NULL AND e.expires_at > now() AND m.deactivated_at IS NULL`,
    [hashToken(token)],
  );
}

/** Spends an enrolment token: one conditional update, so of parallel uses only one wins. */
export async function spendEnrolment(db: Queryable, token: string): Promise<string | null> {
  const row = await queryOne<{ staff_id: string }>(
    db,
    `UPDATE staff_enrolments SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING staff_id`,
    [hashToken(token)],
  );
  return row?.staff_id ?? null;
}
