/**
 * The admin console's members (docs/product.md §6): search with filters, and one member's page —
 * memberships over time, payments, Telegram, sign-in methods and the audit entries about them.
 */
import { and, asc, desc, eq, gte, ilike, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { auditLog, authAccounts, memberships, payments, telegramLinks, users } from '../../db/schema';
import { isUuid } from './ids';
import { addDaysToInstant } from '../../../domain/dates';
import { TIERS } from '../../../domain/tiers';

/** The filters' `?status=` and `?telegram=` values (their words: `src/lib/labels.ts`). */
export const MEMBER_STATUSES = ['aktif', 'berakhir', 'belum'] as const;
export const TELEGRAM_LINKED = ['ya', 'tidak'] as const;

export const memberFilterSchema = z.object({
  q: z.string().trim().max(100).catch(''),
  tier: z.enum(['', ...TIERS]).catch(''),
  status: z.enum(['', ...MEMBER_STATUSES]).catch(''),
  // A calendar date (`2024-13-45` is refused, and then ignored like any unreadable filter).
  joinedFrom: z.iso.date().or(z.literal('')).catch(''),
  lapsing: z.enum(['', '7']).catch(''),
  telegram: z.enum(['', ...TELEGRAM_LINKED]).catch(''),
});
export type MemberFilter = z.infer<typeof memberFilterSchema>;

export interface MemberRow {
  id: string;
  name: string;
  email: string;
  role: string;
  createdAt: Date;
}

function likeTerm(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The members matching every filter given, newest first, at most 50. */
export async function searchAdminMembers(db: Db, f: MemberFilter, now: Date): Promise<MemberRow[]> {
  const conds: SQL[] = [];
  const covering = (tier?: string) =>
    sql`exists (select 1 from ${memberships} m where m.user_id = ${users.id} and m.starts_at <= ${now.toISOString()}::timestamptz
          and m.ends_at > ${now.toISOString()}::timestamptz ${tier ? sql`and m.tier = ${tier}` : sql``})`;
  if (f.q.length >= 2) conds.push(or(ilike(users.name, likeTerm(f.q)), ilike(users.email, likeTerm(f.q)))!);
  if (f.tier === 'gratis') conds.push(sql`not ${covering()}`);
  else if (f.tier === 'reguler') conds.push(sql`${covering('reguler')} and not ${covering('premium')}`);
  else if (f.tier === 'premium') conds.push(covering('premium'));
  const ever = sql`exists (select 1 from ${memberships} m where m.user_id = ${users.id})`;
  if (f.status === 'aktif') conds.push(covering());
  if (f.status === 'berakhir') conds.push(sql`${ever} and not ${covering()}`);
  if (f.status === 'belum') conds.push(sql`not ${ever}`);
  if (f.joinedFrom) conds.push(gte(users.createdAt, new Date(`${f.joinedFrom}T00:00:00+07:00`)));
  if (f.lapsing === '7') {
    const until = addDaysToInstant(now, 7).toISOString();
    conds.push(sql`exists (select 1 from ${memberships} m where m.user_id = ${users.id}
      and m.ends_at >= ${now.toISOString()}::timestamptz and m.ends_at < ${until}::timestamptz
      and not exists (select 1 from ${memberships} n where n.user_id = m.user_id and n.starts_at <= m.ends_at and n.ends_at > m.ends_at))`);
  }
  const linked = sql`exists (select 1 from ${telegramLinks} t where t.user_id = ${users.id})`;
  if (f.telegram === 'ya') conds.push(linked);
  if (f.telegram === 'tidak') conds.push(sql`not ${linked}`);
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(desc(users.createdAt))
    .limit(50);
}

/** Everything the member's admin page shows, or null for an unknown id. */
export async function memberDetail(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) return null;
  const [passes, paid, telegram, sso, entries] = await Promise.all([
    db.select().from(memberships).where(eq(memberships.userId, id)).orderBy(asc(memberships.startsAt)),
    db.select().from(payments).where(eq(payments.userId, id)).orderBy(desc(payments.createdAt)),
    db.select().from(telegramLinks).where(eq(telegramLinks.userId, id)).limit(1),
    db.select({ provider: authAccounts.provider }).from(authAccounts).where(eq(authAccounts.userId, id)),
    db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, id))
      .orderBy(desc(auditLog.at), desc(auditLog.seq))
      .limit(50),
  ]);
  return {
    user,
    memberships: passes,
    payments: paid,
    refunds: paid.filter((p) => p.status === 'refunded'),
    telegram: telegram[0] ?? null,
    signInMethods: [...(user.passwordHash ? ['kata sandi'] : []), ...sso.map((s) => `SSO (${s.provider})`)],
    twoFactor: user.twoFactorAt !== null,
    audit: entries,
  };
}
