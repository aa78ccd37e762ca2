/**
 * Broadcasts at 20 000 members (inserted by SQL, not factories): the preview's counts and the rows a send
 * writes match the rules worked out member by member here, and both are computed in the database in a
 * handful of statements — no statement per chunk of members, no list of ids sent back (decision 0039,
 * amendment of 2026-11-26). Twenty times the chunk of 1 000 ids the old plan sent is enough to tell a
 * chunked plan from a set-based one; timing and memory at 100 000 members are `npm run bench`'s
 * (docs/performance.md, "Broadcasts at 100 000 members"), not asserted here.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../../../../tests/db';
import { createUser } from '../../../../tests/factories/users';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { auditLog } from '../../db/schema';
import { SKIP_REASONS, type BroadcastAudience } from '../../../domain/broadcasts';
import { audienceSize, runBroadcasts, sendBroadcast } from '.';
import { executeRows } from '../../db/rows';

const N = 20_000;
const NOW = new Date('2026-11-20T03:00:00Z');
const at = NOW.toISOString();

let h: TestDb;
let adminId: string;

/** The seeded members with their number `i` (from `massal{i}@siaran.test`). */
const seeded = sql`(select id, substring(email from 7 for position('@' in email) - 7)::int as i
  from users where email like 'massal%@siaran.test')`;

beforeAll(async () => {
  h = await createTestDb();
  adminId = (await createUser(h.db, { role: 'admin' })).id;
  // Every tenth member has not verified the email.
  await h.db.execute(sql`insert into users (name, email, created_at, email_verified_at)
    select 'Anggota ' || i, 'massal' || i || '@siaran.test', ${at}::timestamptz,
      case when i % 10 <> 0 then ${at}::timestamptz end
    from generate_series(1, ${N}) i`);
  // Every third member has linked Telegram.
  await h.db.execute(sql`insert into telegram_links (user_id, telegram_user_id, first_name, via, linked_at)
    select id, 800000000 + i, 'Uji', 'widget', ${at}::timestamptz from ${seeded} s where i % 3 = 0`);
  // Premium now: i % 4 = 0 (which also hold Reguler now: the higher counts); Reguler now: i % 4 = 1;
  // Premium that ended last month: i % 4 = 2 (Gratis now).
  await h.db.execute(sql`insert into memberships (user_id, tier, starts_at, ends_at, source)
    select id, 'premium', ${at}::timestamptz - interval '10 days', ${at}::timestamptz + interval '20 days', 'admin'
      from ${seeded} s where i % 4 = 0
    union all
    select id, 'reguler', ${at}::timestamptz - interval '10 days', ${at}::timestamptz + interval '20 days', 'admin'
      from ${seeded} s where i % 4 in (0, 1)
    union all
    select id, 'premium', ${at}::timestamptz - interval '60 days', ${at}::timestamptz - interval '30 days', 'admin'
      from ${seeded} s where i % 4 = 2`);
  // Announcements off by email for i % 7 = 0, off in Telegram for i % 11 = 0; an explicit "on" for i % 13 = 0.
  await h.db.execute(sql`insert into notification_prefs (user_id, event, channel, enabled, updated_at)
    select id, 'announcements', 'email', false, ${at}::timestamptz from ${seeded} s where i % 7 = 0
    union all
    select id, 'announcements', 'telegram', false, ${at}::timestamptz from ${seeded} s where i % 11 = 0
    union all
    select id, 'announcements', 'telegram', true, ${at}::timestamptz from ${seeded} s where i % 13 = 0 and i % 11 <> 0`);
  // An open seat in the Reguler group for i % 5 = 0; a seat given up for i % 5 = 1.
  await h.db
    .execute(sql`insert into telegram_group_members (telegram_user_id, "group", user_id, approved_at, removed_at)
    select 900000000 + i, 'reguler', id, ${at}::timestamptz - interval '5 days',
      case when i % 5 = 1 then ${at}::timestamptz end
    from ${seeded} s where i % 5 in (0, 1)`);
  await h.db.execute(sql`analyze`);
}, 180_000);
afterAll(() => h?.close());

/** The same rules, member by member: what each row of a send to Premium and the Reguler group should be. */
function expected() {
  const rows = new Map<string, number>();
  const add = (key: string) => rows.set(key, (rows.get(key) ?? 0) + 1);
  let members = 0;
  for (let i = 1; i <= N; i++) {
    if (!(i % 4 === 0 || i % 5 === 0)) continue;
    const wantsEmail = i % 7 !== 0;
    const verified = i % 10 !== 0;
    const wantsTelegram = i % 11 !== 0;
    const linked = i % 3 === 0;
    const email = !wantsEmail ? SKIP_REASONS.optedOut : !verified ? SKIP_REASONS.unverified : null;
    const telegram = !wantsTelegram ? SKIP_REASONS.optedOut : !linked ? SKIP_REASONS.notLinked : null;
    add(`email/${email === null ? 'pending' : 'skipped'}/${email ?? ''}`);
    add(`telegram/${telegram === null ? 'pending' : 'skipped'}/${telegram ?? ''}`);
    if (email === null || telegram === null) members++;
  }
  const count = (prefix: string) => [...rows].filter(([k]) => k.startsWith(prefix)).reduce((sum, [, n]) => sum + n, 0);
  return {
    rows,
    size: {
      members,
      email: count('email/pending'),
      telegram: count('telegram/pending'),
      skipped: count('email/skipped') + count('telegram/skipped'),
    },
  };
}

/** The same database through a Drizzle instance that records every statement sent and its parameters. */
async function recording(): Promise<{ db: Db; statements: { query: string; params: unknown[] }[] }> {
  const statements: { query: string; params: unknown[] }[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => void statements.push({ query, params }) };
  const client = (h.db as unknown as { $client: unknown }).$client;
  const db =
    h.kind === 'pglite'
      ? (await import('drizzle-orm/pglite')).drizzle({ client: client as never, schema, logger })
      : (await import('drizzle-orm/node-postgres')).drizzle({ client: client as never, schema, logger });
  return { db: db as unknown as Db, statements };
}

const audience: BroadcastAudience = { tiers: ['premium'], groups: ['reguler'], everyone: false };

describe('a broadcast to 20 000 members', () => {
  it('previews the exact counts with one aggregate statement', async () => {
    const { db, statements } = await recording();
    expect(await audienceSize(db, audience, NOW, true)).toEqual(expected().size);
    expect(statements).toHaveLength(1);
    expect(statements[0]!.query).toMatch(/count\(distinct user_id\) filter/);
    // No list of members goes in: the old plan sent the ids back in chunks of 1 000.
    expect(statements[0]!.params.length).toBeLessThan(20);
  }, 120_000);

  it('sends: writes one row per member × channel with the reasons, in a few statements', async () => {
    const { db, statements } = await recording();
    const r = await sendBroadcast(
      db,
      adminId,
      {
        title: 'Kelas langsung malam ini',
        body: 'Mulai **19.30 WIB**.',
        tiers: ['premium'],
        groups: ['reguler'],
        everyone: '',
        sendKey: randomUUID(),
      },
      NOW,
      true,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const want = expected();
    const got = await executeRows<{ channel: string; status: string; reason: string; n: number }>(
      h.db,
      sql`select channel, status, coalesce(reason, '') as reason, count(*)::int as n from broadcast_deliveries
          where broadcast_id = ${r.id} group by 1, 2, 3`,
    );
    expect(new Map(got.map((g) => [`${g.channel}/${g.status}/${g.reason}`, Number(g.n)]))).toEqual(want.rows);
    const total = [...want.rows.values()].reduce((a, b) => a + b, 0);
    // Addresses as the member's now: the email of every email row, the Telegram id of every linked member.
    const [check] = await executeRows<{ emails: number; telegrams: number; unlinked: number; distinct_rows: number }>(
      h.db,
      sql`select
          count(*) filter (where d.channel = 'email' and d.address = u.email)::int as emails,
          count(*) filter (where d.channel = 'telegram' and d.address = tl.telegram_user_id::text)::int as telegrams,
          count(*) filter (where d.channel = 'telegram' and tl.user_id is null and d.address is null)::int as unlinked,
          count(distinct (d.user_id, d.channel))::int as distinct_rows
        from broadcast_deliveries d join users u on u.id = d.user_id
        left join telegram_links tl on tl.user_id = d.user_id
        where d.broadcast_id = ${r.id}`,
    );
    expect(Number(check!.emails) + Number(check!.telegrams) + Number(check!.unlinked)).toBe(total);
    expect(Number(check!.distinct_rows)).toBe(total);
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'admin.broadcast-send'));
    expect(entry!.details).toMatchObject({ deliveries: total, pending: want.size.email + want.size.telegram });
    // Insert, plan and audit in a few statements whatever the audience: no per-chunk inserts, no id lists.
    const writes = statements.filter((s) => /broadcast_deliveries/.test(s.query));
    expect(writes).toHaveLength(1);
    expect(writes[0]!.query).toMatch(/insert into broadcast_deliveries[\s\S]*select/);
    expect(statements.length).toBeLessThanOrEqual(5);
    expect(Math.max(...statements.map((s) => s.params.length))).toBeLessThan(40);
  }, 120_000);

  // Delivers (part of) the broadcast the test above sent.
  it('delivers in keyset batches of 100: each batch starts after the last, none reads the whole list', async () => {
    const { db, statements } = await recording();
    let messages = 0;
    const s = await runBroadcasts({
      db,
      now: () => NOW,
      appUrl: 'https://telaah.test',
      senders: { mail: async () => void messages++, telegram: async () => void messages++ },
      rate: { email: 100_000, telegram: 100_000 },
      maxMessages: 250,
    });
    expect(s).toMatchObject({ broadcasts: 1, sent: 250 });
    expect(messages).toBe(250);
    const batches = statements.filter((x) => /^select .* from "broadcast_deliveries" inner join "users"/.test(x.query));
    expect(batches.length).toBeGreaterThanOrEqual(3);
    expect(batches.every((b) => / limit \$\d+$/.test(b.query) && b.params.at(-1) === 100)).toBe(true);
    expect(batches[0]!.query).not.toMatch(/"id" > /);
    for (const b of batches.slice(1)) expect(b.query).toMatch(/"broadcast_deliveries"\."id" > \$/);
    expect(statements.some((x) => / offset /i.test(x.query))).toBe(false);
  }, 120_000);
});
