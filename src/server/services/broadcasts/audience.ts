/**
 * Who a broadcast goes to, decided once when it is sent: every member in the audience gets one row per
 * channel, pending when it can go out and skipped (with the reason) when the member's preferences, an
 * unverified email or a missing Telegram link rule it out.
 *
 * The plan is one SQL query (`plannedRows`), so neither the preview's counts nor the send's rows ever
 * bring the audience into this process: the preview aggregates it, the send inserts it with
 * `INSERT … SELECT` (decision 0039, amendment of 2026-11-26). Memory stays flat at any number of members.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/rows';
import { SKIP_REASONS, type BroadcastAudience } from '../../../domain/broadcasts';
import { effectivePrefs } from '../../../domain/notifications';
import { TIERS } from '../../../domain/tiers';

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * A member's tier now as its position in `TIERS` (1 = gratis): the highest pass covering `now`, as
 * `loadRecipients` decides it.
 */
const tierRank = (tier: SQL) => sql`array_position(array[${list(TIERS)}]::text[], ${tier})`;

/**
 * The rows a broadcast to `audience` would write now: a select of
 * `(user_id, channel, status, address, reason)`, one row per member × channel, computed in the database.
 */
function plannedRows(audience: BroadcastAudience, now: Date, telegramConfigured: boolean): SQL {
  const at = now.toISOString();
  // What a member without a saved choice has (the defaults of domain/notifications.ts).
  const byDefault = effectivePrefs([]).announcements;
  const ranks = audience.tiers.map((t) => TIERS.indexOf(t) + 1);
  const parts: SQL[] = [];
  if (audience.everyone) parts.push(sql`(m.wants_email or m.wants_telegram)`);
  if (ranks.length) parts.push(sql`m.tier_rank in (${list(ranks)})`);
  if (audience.groups.length) {
    parts.push(sql`exists (select 1 from telegram_group_members g
      where g.user_id = m.user_id and g."group" in (${list(audience.groups)}) and g.removed_at is null)`);
  }
  const chosen = parts.length ? sql.join(parts, sql` or `) : sql`false`;
  return sql`
    with tier_now as (
      select user_id, max(${tierRank(sql`tier`)}) as tier_rank
      from memberships
      where starts_at <= ${at}::timestamptz and ends_at > ${at}::timestamptz
      group by user_id
    ),
    m as (
      select u.id as user_id, u.email, u.email_verified_at is not null as verified,
        tl.telegram_user_id::text as telegram,
        coalesce(pe.enabled, ${byDefault.email}) as wants_email,
        coalesce(pt.enabled, ${byDefault.telegram}) as wants_telegram,
        coalesce(t.tier_rank, 1) as tier_rank
      from users u
      left join telegram_links tl on tl.user_id = u.id
      left join notification_prefs pe
        on pe.user_id = u.id and pe.event = 'announcements' and pe.channel = 'email'
      left join notification_prefs pt
        on pt.user_id = u.id and pt.event = 'announcements' and pt.channel = 'telegram'
      left join tier_now t on t.user_id = u.id
    ),
    chosen as (select * from m where ${chosen})
    select user_id, 'email' as channel,
      case when wants_email and verified then 'pending' else 'skipped' end as status,
      email as address,
      case when not wants_email then ${SKIP_REASONS.optedOut}
           when not verified then ${SKIP_REASONS.unverified} end as reason
    from chosen
    union all
    select user_id, 'telegram' as channel,
      case when wants_telegram and telegram is not null and ${telegramConfigured} then 'pending'
           else 'skipped' end as status,
      telegram as address,
      case when not wants_telegram then ${SKIP_REASONS.optedOut}
           when telegram is null then ${SKIP_REASONS.notLinked}
           when not ${telegramConfigured} then ${SKIP_REASONS.telegramOff} end as reason
    from chosen`;
}

/** How many rows a send would write now, by status and channel, counted in the database. */
export async function planCounts(
  db: Db,
  audience: BroadcastAudience,
  now: Date,
  telegramConfigured: boolean,
): Promise<{ members: number; email: number; telegram: number; skipped: number }> {
  const [c] = await executeRows<{ members: number; email: number; telegram: number; skipped: number }>(
    db,
    sql`
      select count(distinct user_id) filter (where status = 'pending')::int as members,
        count(*) filter (where status = 'pending' and channel = 'email')::int as email,
        count(*) filter (where status = 'pending' and channel = 'telegram')::int as telegram,
        count(*) filter (where status = 'skipped')::int as skipped
      from (${plannedRows(audience, now, telegramConfigured)}) plan`,
  );
  return {
    members: Number(c!.members),
    email: Number(c!.email),
    telegram: Number(c!.telegram),
    skipped: Number(c!.skipped),
  };
}

/**
 * Writes the plan as `broadcastId`'s delivery rows in one `INSERT … SELECT` (inside the caller's
 * transaction) and returns how many rows it wrote and how many of them are pending.
 */
export async function insertPlan(
  db: Db,
  broadcastId: string,
  audience: BroadcastAudience,
  now: Date,
  telegramConfigured: boolean,
): Promise<{ deliveries: number; pending: number }> {
  const [c] = await executeRows<{ deliveries: number; pending: number }>(
    db,
    sql`
      with written as (
        insert into broadcast_deliveries (broadcast_id, user_id, channel, status, address, reason)
        select ${broadcastId}::uuid, user_id, channel, status, address, reason
        from (${plannedRows(audience, now, telegramConfigured)}) plan
        returning status
      )
      select count(*)::int as deliveries, count(*) filter (where status = 'pending')::int as pending from written`,
  );
  return { deliveries: Number(c!.deliveries), pending: Number(c!.pending) };
}
