/**
 * PostgreSQL error codes as they surface through Drizzle (which wraps the driver's error in `cause`),
 * the same on PGlite and on a PostgreSQL server.
 */

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
/** Deleting a row that an ON DELETE RESTRICT reference still points at. */
export const RESTRICT_VIOLATION = '23001';

/** The SQLSTATE code of a database error, or undefined for anything else. */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ECONNRESET']);

/** The network error code behind a failed connection (pg may wrap several attempts in an AggregateError). */
function connectionCode(err: unknown): string | undefined {
  const seen: unknown[] = [err];
  for (let i = 0; i < seen.length && i < 10; i++) {
    const e = seen[i] as { code?: unknown; cause?: unknown; errors?: unknown[] } | null;
    if (!e || typeof e !== 'object') continue;
    if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) return e.code;
    if (e.cause) seen.push(e.cause);
    if (Array.isArray(e.errors)) seen.push(...e.errors);
  }
  return undefined;
}

/** Whether the error is a failed connection to the database server (it is unreachable). */
export function isConnectionFailure(err: unknown): boolean {
  return connectionCode(err) !== undefined;
}

/**
 * One line for an unreachable PostgreSQL server, naming host, port and cause but never the password;
 * undefined when `err` is not a connection failure.
 */
export function unreachableDatabaseMessage(err: unknown, databaseUrl: string | undefined): string | undefined {
  const code = connectionCode(err);
  if (!code || !databaseUrl) return undefined;
  let where = 'the server in DATABASE_URL';
  try {
    const url = new URL(databaseUrl);
    where = `${url.hostname || 'localhost'}:${url.port || '5432'}`;
  } catch {
    // An unparsable URL is named generically.
  }
  return `Cannot reach PostgreSQL at ${where} (${code}). Check DATABASE_URL and that the database server is running.`;
}
