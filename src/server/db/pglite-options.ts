/**
 * How every embedded (PGlite) database is opened — the server's, the CLIs', the tests' and the benches' —
 * so that what tests measure is what production runs. Spread the result into every `PGlite.create`.
 *
 * - `extensions`: the migrations create pg_trgm for the admin member search (decision 0032), and a
 *   database that has it needs it loaded to read its indexes.
 * - `startParams`: PGlite's own, with a 16 MB buffer cache instead of PostgreSQL's 128 MB. The cache lives
 *   in this process's memory and never shrinks; at market scale the default fills up, yet hot market data
 *   is kept derived in memory (services/market/cache.ts) and the files sit in the OS cache: 16 MB keeps
 *   the server's footprint down (issue 29). A new database also opens in half the CPU (about 0,5 s instead
 *   of 1 s from the tests' migrated tarball: docs/performance.md).
 */
export async function pgliteOptions() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  };
}
