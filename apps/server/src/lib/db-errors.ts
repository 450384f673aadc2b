/** PostgreSQL and SQLite name the same constraint failures differently; these read either. */
function violates(err: unknown, pgCode: string, sqliteCode: string, sqliteMessage: RegExp): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === pgCode || e?.code === sqliteCode || sqliteMessage.test(e?.message ?? '');
}

export const isUniqueViolation = (err: unknown) =>
  violates(err, '23505', 'SQLITE_CONSTRAINT_UNIQUE', /UNIQUE constraint/);

export const isForeignKeyViolation = (err: unknown) =>
  violates(err, '23503', 'SQLITE_CONSTRAINT_FOREIGNKEY', /FOREIGN KEY constraint/);

/**
 * PostgreSQL codes that mean "the database is not there right now", not "bad query": operator
 * intervention (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now, 57P04 database
 * dropped, 57P05 idle session timeout), and conflicts a retry resolves (40001 serialization, 40P01
 * deadlock). The 08 class (connection exception) and the 53 class (insufficient resources: 53300 too many
 * connections, 53200 out of memory, 53100 disk full, ...) are matched by their prefix.
 */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '57P04', '57P05', '40001', '40P01']);
const PG_UNAVAILABLE_CLASSES = ['08', '53'];
const NETWORK_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly|the database system is (starting up|shutting down)|terminating connection|Cannot use a pool after calling end/i;

/** Errors met while obtaining a connection (see markConnectionFailure). */
const connectionFailures = new WeakSet<object>();

/**
 * Marks an error as raised while a connection was being obtained (opened, or waited for in the pool).
 * Whatever its code, such an error says the database cannot be reached or refuses new sessions right now:
 * PostgreSQL answers a connection attempt with 55000 when the database does not allow connections
 * (ALTER DATABASE ... ALLOW_CONNECTIONS false), the same code a query raises for unrelated reasons, so the
 * code alone cannot tell. Returns the error.
 */
export function markConnectionFailure<T>(err: T): T {
  if (err !== null && typeof err === 'object') connectionFailures.add(err);
  return err;
}

/**
 * Whether an error says the database is unreachable or busy (a refused or dropped connection, an
 * administrator shutdown, a locked SQLite file), so the request may simply be retried: answered with 503,
 * never 500.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (err === null || typeof err !== 'object' || depth > 3) return false;
  if (connectionFailures.has(err)) return true;
  const e = err as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
    cause?: unknown;
    severity?: unknown;
  };
  const code = typeof e.code === 'string' ? e.code : '';
  if (PG_UNAVAILABLE.has(code) || NETWORK_UNAVAILABLE.has(code)) return true;
  if (/^[0-9A-Z]{5}$/.test(code) && PG_UNAVAILABLE_CLASSES.includes(code.slice(0, 2))) return true;
  // PostgreSQL ends the session after a FATAL or PANIC error, whatever its code: the connection is gone.
  if (e.severity === 'FATAL' || e.severity === 'PANIC') return true;
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || code.startsWith('SQLITE_BUSY_')) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** What is logged of such an error: its code and message, not a stack (it says nothing about the code). */
export function databaseErrorSummary(err: unknown): { code?: string; message: string } {
  const e = err as { code?: unknown; message?: unknown } | null;
  const message = typeof e?.message === 'string' ? e.message : String(err);
  return typeof e?.code === 'string' ? { code: e.code, message } : { message };
}

/** Seconds a client is asked to wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

interface Logger {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Logs a failure: while the database is unavailable, a warning with its code and message (it is expected
 * then, and a stack says nothing); anything else as an error with its stack.
 */
export function logDatabaseFailure(log: Logger, err: unknown, message: string): void {
  if (isDatabaseUnavailable(err)) log.warn({ database: databaseErrorSummary(err) }, message);
  else log.error({ err }, message);
}
