/**
 * Benchmark of the admin console's reads at scale: 100 000 members, 300 000 payments over two years and
 * their passes in a fresh in-memory PGlite, then the overview and a member search (name or email, and
 * with filters) 20 times each. Run: `npx tsx scripts/bench-admin.ts` → `admin-overview: {p95} ms`,
 * `admin-search: {p95} ms`. Target: under 200 ms p95 each.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Db } from '../src/server/db/client';
import { migrationsFolder } from '../src/server/db/client';
import * as schema from '../src/server/db/schema';
import { adminOverview } from '../src/server/services/admin';
import { memberFilterSchema, searchAdminMembers } from '../src/server/services/admin';
import { pgliteOptions } from '../src/server/db/pglite-options';

const MEMBERS = 100_000;
const PAYMENTS = 300_000;
const NOW = new Date('2026-11-20T03:00:00Z');

function p95(runs: number[]): number {
  const sorted = [...runs].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.95) - 1]!;
}

async function timed(n: number, f: () => Promise<unknown>): Promise<number[]> {
  const runs: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await f();
    runs.push(performance.now() - t);
  }
  return runs;
}

export async function benchAdmin(): Promise<{ overviewP95: number; searchP95: number; filteredP95: number }> {
  const client = await PGlite.create(await pgliteOptions());
  const db = drizzle({ client, schema }) as unknown as Db;
  await migrate(drizzle({ client }), { migrationsFolder: migrationsFolder() });
  const now = NOW.toISOString();
  await db.execute(sql`insert into users (name, email, created_at)
    select 'Anggota ' || i, 'anggota' || i || '@contoh.id', ${now}::timestamptz - (i % 900) * interval '1 day'
    from generate_series(1, ${MEMBERS}) i`);
  // A bulk load: the overview's trigger is off while 300 000 rows go in, then its tables are rebuilt once.
  await db.execute(sql`alter table payments disable trigger admin_payments_changed`);
  // Three payments per member on average, spread over two years, a tenth on Midtrans refunded later.
  await db.execute(sql`insert into payments (user_id, provider, provider_ref, plan_id, tier, months, amount, status, paid_at, refunded_at, created_at)
    select u.id, case when i % 2 = 0 then 'stripe' else 'midtrans' end, 'ref-' || i,
      case when i % 3 = 0 then 'premium-1' else 'reguler-1' end,
      case when i % 3 = 0 then 'premium' else 'reguler' end, 1,
      case when i % 3 = 0 then 149000 else 49000 end,
      case when i % 10 = 0 then 'refunded' else 'paid' end,
      ${now}::timestamptz - (i % 730) * interval '1 day',
      case when i % 10 = 0 then ${now}::timestamptz - (i % 730) * interval '1 day' + interval '3 days' end,
      ${now}::timestamptz - (i % 730) * interval '1 day'
    from generate_series(1, ${PAYMENTS}) i
    join lateral (select id from users where email = 'anggota' || (1 + i % ${MEMBERS}) || '@contoh.id') u on true`);
  await db.execute(sql`alter table payments enable trigger admin_payments_changed`);
  await db.execute(sql`select admin_rebuild_overview()`);
  await db.execute(sql`insert into memberships (user_id, tier, starts_at, ends_at, source, payment_id)
    select user_id, tier, paid_at, paid_at + interval '30 days', 'payment', id from payments where status = 'paid'`);
  await db.execute(sql`analyze`);
  const overview = await timed(20, () => adminOverview(db, NOW));
  const search = await timed(20, () => searchAdminMembers(db, memberFilterSchema.parse({ q: 'anggota4242' }), NOW));
  const filtered = await timed(20, () =>
    searchAdminMembers(db, memberFilterSchema.parse({ tier: 'premium', lapsing: '7', telegram: 'tidak' }), NOW),
  );
  await client.close();
  return { overviewP95: p95(overview), searchP95: p95(search), filteredP95: p95(filtered) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await benchAdmin();
  console.log(`admin-overview: ${r.overviewP95.toFixed(0)} ms`);
  console.log(`admin-search: ${r.searchP95.toFixed(0)} ms (filtered: ${r.filteredP95.toFixed(0)} ms)`);
}
