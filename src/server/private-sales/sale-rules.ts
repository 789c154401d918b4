/** Whether a member of this discount level may shop a sale for these levels (null: every member). */
export function eligible(levels: readonly string[] | null, vipLevel: string | null): boolean {
  return levels === null || (vipLevel !== null && levels.includes(vipLevel));
}

/** Whether a path's id can be a sale's (anything else is a 404 before the database sees it). */
export function isSaleId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}
