/**
 * The staff console's roles, each including the rights of the ones before it: support
 * looks members up and helps them sign in; manager also changes points, access and deletes; admin
 * also manages staff. Zod-free: the console's screens hide what a role may not do, the server refuses it.
 */
export const staffRoles = ['support', 'manager', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** Whether a staff member of `role` may do what needs `needed`. */
export function roleIncludes(role: StaffRole, needed: StaffRole): boolean {
  return staffRoles.indexOf(role) >= staffRoles.indexOf(needed);
}
