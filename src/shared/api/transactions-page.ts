/**
 * The history's pages (GET /api/transactions): rows per page unless the caller asks fewer, and the
 * most one page may hold. Zod-free, so the browser can read them without the schemas.
 */
export const transactionsPageSize = 50;
export const maxTransactionsPage = 100;

/** The rows of the history Home shows as its recent activity (the server renders them in the page). */
export const homeActivityRows = 5;
