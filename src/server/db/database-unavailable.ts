/**
 * The database could not be reached, or stopped answering, or ended the work on its side (a restart,
 * a failover, a terminated connection, a timeout). Nothing the caller sent was at fault and nothing
 * was acknowledged: the request answers 503 and may be tried again (an idempotent write replays).
 * Its message is fixed words for operators and callers; the driver's own error is its `cause`, for
 * the log only.
 */
class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The database is not available.', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** Network errors on the way to the database. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a database that is going or gone, or that ran out of time: the connection class (08),
 * operator intervention (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now, 57014
 * a statement cancelled by statement_timeout), too many connections (53300), and an idle transaction
 * ended by idle_in_transaction_session_timeout (25P03).
 */
function isUnavailableState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '57014', '53300', '25P03'].includes(code);
}

/** What node-postgres says when a connection ended or never came (it gives these no code). */
const driverPhrases = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Client was closed and is not queryable',
  'Connection ended unexpectedly',
];

/** True when `error` means the database is out of reach or ended the work, not that the SQL failed. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (networkCodes.has(code) || isUnavailableState(code))) return true;
  return driverPhrases.some((phrase) => error.message.includes(phrase));
}

/**
 * True when the connection itself is gone or in an unknown state (so it must be closed, not reused):
 * unavailability other than a cancelled statement or a refused new connection.
 */
export function isConnectionLoss(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return isDatabaseUnavailable(error) && code !== '57014' && code !== '53300';
}

/** The error to throw: unavailability as a DatabaseUnavailableError, anything else as it was. */
export function asUnavailable(error: unknown): unknown {
  return isDatabaseUnavailable(error) && !(error instanceof DatabaseUnavailableError)
    ? new DatabaseUnavailableError(error)
    : error;
}
