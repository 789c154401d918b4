/**
 * The history's pages (GET /api/transactions): rows per page unless the caller asks fewer, and the
 * most one page may hold. Zod-free, so the browser can read them without the schemas.
 */
export const transactionsPageSize = 50;
export const maxTransactionsPage = 100;
