/** PostgreSQL and SQLite name the same constraint failures differently; these read either. */
function violates(err: unknown, pgCode: string, sqliteCode: string, sqliteMessage: RegExp): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === pgCode || e?.code === sqliteCode || sqliteMessage.test(e?.message ?? '');
}

export const isUniqueViolation = (err: unknown) =>
  violates(err, '23505', 'SQLITE_CONSTRAINT_UNIQUE', /UNIQUE constraint/);

export const isForeignKeyViolation = (err: unknown) =>
  violates(err, '23503', 'SQLITE_CONSTRAINT_FOREIGNKEY', /FOREIGN KEY constraint/);

/** PostgreSQL error classes and codes that mean "the database is not there right now", not "bad query". */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300', '40001', '40P01']);
const NETWORK_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly|the database system is (starting up|shutting down)|terminating connection/i;

/**
 * Whether an error says the database is unreachable or busy (a dropped connection, an administrator
 * shutdown, a locked SQLite file), so the request may simply be retried: answered with 503, never 500.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (err === null || typeof err !== 'object' || depth > 3) return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (PG_UNAVAILABLE.has(code) || code.startsWith('08') || NETWORK_UNAVAILABLE.has(code)) return true;
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || code.startsWith('SQLITE_BUSY_')) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** Seconds a client is asked to wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
