/**
 * What an admin does to a member's access (docs/product.md §6): grant complimentary access (tier, days,
 * reason), extend it, end it, sign the member out everywhere. Each action is one transaction with its
 * audit entry (who, what, when, why). Paid passes are never touched here: a refund removes those.
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { memberships, users } from '../../db/schema';
import { endAllSessions } from '../../auth/session-rows';
import { coverageEnd } from '../../../domain/membership-schedule';
import { audit } from '../audit';
import { isUuid } from './ids';
import { addDaysToInstant } from '../../../domain/dates';

const grantSchema = z.object({
  tier: z.enum(['reguler', 'premium'], { message: 'Tingkat: pilih Reguler atau Premium.' }),
  days: z.coerce
    .number({ message: 'Jumlah hari: isi angka 1–366.' })
    .int({ message: 'Jumlah hari: isi bilangan bulat.' })
    .min(1, { message: 'Jumlah hari: paling sedikit 1.' })
    .max(366, { message: 'Jumlah hari: paling banyak 366.' }),
  reason: z
    .string()
    .trim()
    .min(3, { message: 'Alasan: tulis alasannya (paling sedikit 3 huruf).' })
    .max(300, { message: 'Alasan: paling banyak 300 huruf.' }),
});

export type ActionResult =
  { ok: true; message: string } | { ok: false; status: 400 | 404; message: string; field?: string };

async function member(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  const [u] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id)).limit(1);
  return u;
}

const NOT_FOUND: ActionResult = { ok: false, status: 404, message: 'Anggota tidak ditemukan.' };

/**
 * Grants `days` of `tier` as a complimentary pass. `extend` queues it after the member's current access
 * of that tier or higher (so nothing already granted or paid is overlapped); otherwise it starts now.
 */
export async function grantAccess(
  db: Db,
  adminId: string,
  memberId: string,
  input: Record<string, unknown>,
  mode: 'grant' | 'extend',
  now: Date,
): Promise<ActionResult> {
  const target = await member(db, memberId);
  if (!target) return NOT_FOUND;
  const parsed = grantSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, status: 400, message: issue.message, field: String(issue.path[0] ?? '') };
  }
  const { tier, days, reason } = parsed.data;
  return db.transaction(async (tx) => {
    let startsAt = now;
    if (mode === 'extend') {
      const running = await tx
        .select({ tier: memberships.tier, startsAt: memberships.startsAt, endsAt: memberships.endsAt })
        .from(memberships)
        .where(and(eq(memberships.userId, memberId), gt(memberships.endsAt, now)));
      startsAt = coverageEnd(running, tier, now) ?? now;
    }
    const endsAt = addDaysToInstant(startsAt, days);
    const [row] = await tx
      .insert(memberships)
      .values({ userId: memberId, tier, startsAt, endsAt, source: 'admin' })
      .returning({ id: memberships.id });
    await audit(tx, {
      at: now,
      actorId: adminId,
      subjectId: memberId,
      action: mode === 'grant' ? 'admin.access-grant' : 'admin.access-extend',
      details: {
        membershipId: row!.id,
        tier,
        days,
        reason,
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
      },
    });
    return {
      ok: true as const,
      message: `Akses ${tier === 'premium' ? 'Premium' : 'Reguler'} ${days} hari diberikan.`,
    };
  });
}

/** Ends every complimentary pass of the member now (ones queued for later are removed). */
export async function endGrantedAccess(
  db: Db,
  adminId: string,
  memberId: string,
  reason: string,
  now: Date,
): Promise<ActionResult> {
  if (!(await member(db, memberId))) return NOT_FOUND;
  const why = reason.trim();
  if (why.length < 3)
    return { ok: false, status: 400, message: 'Alasan: tulis alasannya (paling sedikit 3 huruf).', field: 'reason' };
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(memberships)
      .set({ endsAt: now })
      .where(
        and(
          eq(memberships.userId, memberId),
          eq(memberships.source, 'admin'),
          gt(memberships.endsAt, now),
          lte(memberships.startsAt, now),
        ),
      )
      .returning({ id: memberships.id });
    const dropped = await tx
      .delete(memberships)
      .where(and(eq(memberships.userId, memberId), eq(memberships.source, 'admin'), gt(memberships.startsAt, now)))
      .returning({ id: memberships.id });
    const ids = [...ended, ...dropped].map((r) => r.id);
    if (ids.length === 0)
      return {
        ok: false as const,
        status: 400 as const,
        message: 'Anggota ini tidak punya akses dari Telaah yang berjalan.',
      };
    await audit(tx, {
      at: now,
      actorId: adminId,
      subjectId: memberId,
      action: 'admin.access-end',
      details: { membershipIds: ids, reason: why },
    });
    return { ok: true as const, message: 'Akses dari Telaah diakhiri.' };
  });
}

/** Ends every session of the member on every server. */
export async function signOutEverywhere(db: Db, adminId: string, memberId: string, now: Date): Promise<ActionResult> {
  if (!(await member(db, memberId))) return NOT_FOUND;
  const count = await endAllSessions(db, memberId);
  await audit(db, {
    at: now,
    actorId: adminId,
    subjectId: memberId,
    action: 'admin.sign-out-everywhere',
    details: { sessions: count },
  });
  return { ok: true, message: `Anggota dikeluarkan dari ${count} sesi.` };
}
