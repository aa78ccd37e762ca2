/**
 * Benchmark of a broadcast at 100 000 members in a fresh in-memory PGlite (a third with Telegram linked,
 * a quarter Premium): the console's preview (`audienceSize`) and the send (`sendBroadcast`, which writes
 * one row per member × channel), timed, with the peak of this process's JS heap above what it held
 * before each call (sampled every 5 ms). Run: `npx tsx scripts/bench-broadcasts.ts` →
 * `broadcast-preview: N ms, heap +M MB` and `broadcast-send: N ms, heap +M MB`.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Db } from '../src/server/db/client';
import { migrationsFolder } from '../src/server/db/client';
import * as schema from '../src/server/db/schema';
import { audienceSize, sendBroadcast } from '../src/server/services/broadcasts';
import { pgliteOptions } from '../src/server/db/pglite-options';
import { executeRows } from '../src/server/db/rows';

const MEMBERS = 100_000;
const NOW = new Date('2026-11-20T03:00:00Z');

export interface Measured {
  ms: number;
  heapMb: number;
}

async function measured(f: () => Promise<unknown>): Promise<Measured> {
  global.gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
  const t = performance.now();
  await f();
  const ms = performance.now() - t;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return { ms, heapMb: (peak - base) / 2 ** 20 };
}

export async function benchBroadcasts(): Promise<{ preview: Measured; send: Measured }> {
  const client = await PGlite.create(await pgliteOptions());
  const db = drizzle({ client, schema }) as unknown as Db;
  await migrate(drizzle({ client }), { migrationsFolder: migrationsFolder() });
  const at = NOW.toISOString();
  await db.execute(sql`insert into users (name, email, created_at, email_verified_at, role)
    values ('Admin', 'admin@siaran.test', ${at}::timestamptz, ${at}::timestamptz, 'admin')`);
  await db.execute(sql`insert into users (name, email, created_at, email_verified_at)
    select 'Anggota ' || i, 'massal' || i || '@siaran.test', ${at}::timestamptz,
      case when i % 10 <> 0 then ${at}::timestamptz end
    from generate_series(1, ${MEMBERS}) i`);
  const seeded = sql`(select id, substring(email from 7 for position('@' in email) - 7)::int as i
    from users where email like 'massal%@siaran.test')`;
  await db.execute(sql`insert into telegram_links (user_id, telegram_user_id, first_name, via, linked_at)
    select id, 800000000 + i, 'Uji', 'widget', ${at}::timestamptz from ${seeded} s where i % 3 = 0`);
  await db.execute(sql`insert into memberships (user_id, tier, starts_at, ends_at, source)
    select id, 'premium', ${at}::timestamptz - interval '10 days', ${at}::timestamptz + interval '20 days', 'admin'
    from ${seeded} s where i % 4 = 0`);
  await db.execute(sql`insert into notification_prefs (user_id, event, channel, enabled, updated_at)
    select id, 'announcements', 'email', false, ${at}::timestamptz from ${seeded} s where i % 7 = 0`);
  await db.execute(sql`analyze`);
  const [admin] = await executeRows<{ id: string }>(db, sql`select id from users where role = 'admin'`);
  const audience = { tiers: [], groups: [], everyone: true };
  const preview = await measured(() => audienceSize(db, audience, NOW, true));
  const send = await measured(async () => {
    const r = await sendBroadcast(
      db,
      admin!.id,
      { title: 'Uji', body: 'Pesan uji.', everyone: 'on', sendKey: randomUUID() },
      NOW,
      true,
    );
    if (!r.ok) throw new Error(r.message);
  });
  await client.close();
  return { preview, send };
}

export const formatBroadcasts = (r: { preview: Measured; send: Measured }) => [
  `broadcast-preview: ${r.preview.ms.toFixed(0)} ms, heap +${r.preview.heapMb.toFixed(0)} MB`,
  `broadcast-send: ${r.send.ms.toFixed(0)} ms, heap +${r.send.heapMb.toFixed(0)} MB`,
];

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of formatBroadcasts(await benchBroadcasts())) console.log(line);
}
