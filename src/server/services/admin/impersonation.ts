/**
 * Impersonation (docs/product.md §6): an admin acts as a member for support. Sessions last 60 minutes at most,
 * admins cannot be impersonated, and start, stop and expiry are audited with both ids.
 */
import { and, desc, eq, gt, ilike, isNull, like, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, impersonations, users } from '../../db/schema';
import { audit } from '../audit';

export const IMPERSONATION_MINUTES = 60;

export type Impersonation = typeof impersonations.$inferSelect;

/** Members (never admins) whose name or email contains `q`; at most 20. */
export async function searchMembers(db: Db, q: string) {
  const term = q.trim();
  if (term.length < 2) return [];
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(ne(users.role, 'admin'), or(ilike(users.name, like), ilike(users.email, like))))
    .orderBy(users.email)
    .limit(20);
}

export type StartResult = { ok: true; impersonation: Impersonation } | { ok: false; message: string };

export async function startImpersonation(db: Db, adminId: string, memberId: string, now: Date): Promise<StartResult> {
  // Not a user id at all (PostgreSQL would refuse to compare it with a uuid column): no such member.
  const member = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(memberId)
    ? (await db.select().from(users).where(eq(users.id, memberId)).limit(1))[0]
    : undefined;
  if (!member) return { ok: false, message: 'Anggota tidak ditemukan.' };
  if (member.role === 'admin') return { ok: false, message: 'Admin tidak dapat diimpersonasi.' };
  if (member.id === adminId) return { ok: false, message: 'Anda tidak dapat mengimpersonasi diri sendiri.' };
  const [row] = await db
    .insert(impersonations)
    .values({ adminId, memberId, startedAt: now, expiresAt: new Date(now.getTime() + IMPERSONATION_MINUTES * 60_000) })
    .returning();
  await audit(db, {
    at: now,
    actorId: adminId,
    subjectId: memberId,
    action: 'impersonation.start',
    details: { impersonationId: row!.id },
  });
  return { ok: true, impersonation: row! };
}

/** The live impersonation with this id for this admin, or null (unknown, ended or expired). */
export async function activeImpersonation(
  db: Db,
  id: string,
  adminId: string,
  now: Date,
): Promise<Impersonation | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db
    .select()
    .from(impersonations)
    .where(
      and(
        eq(impersonations.id, id),
        eq(impersonations.adminId, adminId),
        isNull(impersonations.endedAt),
        gt(impersonations.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Ends an impersonation (by the admin, or by expiry) and audits it; idempotent. */
export async function endImpersonation(db: Db, id: string, now: Date, reason: 'stop' | 'expired'): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return;
  const [row] = await db
    .update(impersonations)
    .set({ endedAt: now })
    .where(and(eq(impersonations.id, id), isNull(impersonations.endedAt)))
    .returning();
  if (row) {
    await audit(db, {
      at: now,
      actorId: row.adminId,
      subjectId: row.memberId,
      action: `impersonation.${reason}`,
      details: { impersonationId: id },
    });
  }
}

/** The newest impersonation audit entries (start, stop, expiry, writes), newest first, for /impersonate. */
export function recentImpersonationLog(db: Db, limit = 15) {
  return db
    .select()
    .from(auditLog)
    .where(like(auditLog.action, 'impersonation.%'))
    .orderBy(desc(auditLog.at), desc(auditLog.seq))
    .limit(limit);
}
