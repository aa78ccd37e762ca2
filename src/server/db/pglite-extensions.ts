/**
 * The extensions every embedded (PGlite) database must load before it opens: the migrations create
 * pg_trgm for the admin member search (decision 0032), and a database that has it needs it loaded to
 * read its indexes. Pass the result as `extensions` to every `PGlite.create`.
 */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}
