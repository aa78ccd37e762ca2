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
