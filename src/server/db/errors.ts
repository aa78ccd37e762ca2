/** Recognising database errors by their SQLSTATE, on PostgreSQL (pg) and PGlite alike. */

function sqlState(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** True for a unique-constraint violation (23505), also when Drizzle wrapped the driver's error. */
export function isUniqueViolation(err: unknown): boolean {
  return sqlState(err) === '23505';
}
