/**
 * Free trials below the browser (decision 0037): the admin's lengths, once per member per tier (also when
 * two requests race), refused for an unverified member, while impersonating, after paying for the tier
 * and while the tier is already running; a payment during the trial queues behind it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestDb } from '../db';
import type { DbHandle } from '../../src/server/db/client';
import { auditLog, memberships, payments } from '../../src/server/db/schema';
import { setTrialDays, startTrial, trialDays, trialOffer } from '../../src/server/services/membership';
import { currentTier } from '../../src/server/services/membership';
import { recomputePasses, previewPass } from '../../src/server/services/payments';
import { findPlan } from '../../src/domain/plans';
import { createUser } from '../factories/users';
import { DAY_MS } from '../../src/domain/dates';

const NOW = new Date('2026-11-20T10:00:00+07:00');

describe('free trials', () => {
  let h: DbHandle;
  let adminId: string;

  beforeAll(async () => {
    h = await createTestDb();
    adminId = (await createUser(h.db, { role: 'admin' })).id;
  });
  afterAll(async () => {
    await h.close();
  });

  const trialsOf = (userId: string) =>
    h.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.source, 'trial')));
  const auditsOf = (userId: string) =>
    h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, userId), eq(auditLog.action, 'trial.start')));

  it('offers nothing until the admin sets a length, and audits the setting', async () => {
    const member = await createUser(h.db);
    expect(await trialDays(h.db)).toEqual({ reguler: 0, premium: 0 });
    expect(await trialOffer(h.db, member.id, 'reguler', NOW)).toBeNull();
    const refused = await startTrial(h.db, member.id, null, 'reguler', NOW);
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      message: 'Uji coba gratis Reguler sedang tidak tersedia.',
    });

    const bad = await setTrialDays(h.db, adminId, { reguler: '-1', premium: '3' }, NOW);
    expect(bad).toMatchObject({ ok: false, status: 400, field: 'reguler' });
    expect(await trialDays(h.db)).toEqual({ reguler: 0, premium: 0 });

    const ok = await setTrialDays(h.db, adminId, { reguler: '7', premium: '3' }, NOW);
    expect(ok).toEqual({ ok: true, message: 'Uji coba disimpan: Reguler 7 hari, Premium 3 hari.' });
    expect(await trialDays(h.db)).toEqual({ reguler: 7, premium: 3 });
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'admin.trial-set'));
    expect(entry).toMatchObject({
      actorId: adminId,
      details: { before: { reguler: 0, premium: 0 }, after: { reguler: 7, premium: 3 } },
    });
    expect(await trialOffer(h.db, member.id, 'reguler', NOW)).toBe(7);
  });

  it('grants the tier for the set days, once per member per tier', async () => {
    const member = await createUser(h.db);
    const started = await startTrial(h.db, member.id, null, 'reguler', NOW);
    expect(started).toEqual({
      ok: true,
      message: 'Uji coba Reguler dimulai: aktif sampai 27 November 2026 pukul 10.00 WIB. Tidak ada tagihan otomatis.',
    });
    const [trial] = await trialsOf(member.id);
    expect(trial).toMatchObject({ tier: 'reguler', startsAt: NOW, endsAt: new Date(NOW.getTime() + 7 * DAY_MS) });
    expect(trial!.paymentId).toBeNull();
    expect(await h.db.select().from(payments).where(eq(payments.userId, member.id))).toEqual([]);
    expect(await currentTier(h.db, member.id, NOW)).toEqual({ tier: 'reguler', endsAt: trial!.endsAt });
    expect(await currentTier(h.db, member.id, new Date(NOW.getTime() + 7 * DAY_MS))).toEqual({
      tier: 'gratis',
      endsAt: null,
    });

    // After it ends, the same tier is refused; the other tier is still open.
    const later = new Date(NOW.getTime() + 10 * DAY_MS);
    expect(await trialOffer(h.db, member.id, 'reguler', later)).toBeNull();
    const again = await startTrial(h.db, member.id, null, 'reguler', later);
    expect(again).toMatchObject({
      ok: false,
      status: 409,
      message: 'Anda sudah pernah memakai uji coba gratis Reguler; uji coba hanya sekali per paket.',
    });
    expect(await trialsOf(member.id)).toHaveLength(1);
    expect(await auditsOf(member.id)).toHaveLength(1);
    expect(await startTrial(h.db, member.id, null, 'premium', later)).toMatchObject({ ok: true });
    expect(await trialsOf(member.id)).toHaveLength(2);
  });

  it('gives one trial when two requests race', async () => {
    const member = await createUser(h.db);
    const results = await Promise.all([
      startTrial(h.db, member.id, null, 'premium', NOW),
      startTrial(h.db, member.id, null, 'premium', NOW),
      startTrial(h.db, member.id, null, 'premium', NOW),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.status)).toEqual([409, 409]);
    expect(await trialsOf(member.id)).toHaveLength(1);
    expect(await auditsOf(member.id)).toHaveLength(1);
  });

  it('refuses a second trial row even past the service (unique index)', async () => {
    const member = await createUser(h.db);
    const row = { userId: member.id, tier: 'reguler' as const, startsAt: NOW, endsAt: NOW, source: 'trial' as const };
    await h.db.insert(memberships).values(row);
    await expect(h.db.insert(memberships).values(row)).rejects.toThrow();
    expect(await trialsOf(member.id)).toHaveLength(1);
  });

  it('refuses an unverified member and an impersonating admin, writing nothing', async () => {
    const unverified = await createUser(h.db, { verified: false });
    expect(await trialOffer(h.db, unverified.id, 'reguler', NOW)).toBeNull();
    expect(await startTrial(h.db, unverified.id, null, 'reguler', NOW)).toMatchObject({
      ok: false,
      status: 403,
      message: expect.stringContaining('Verifikasi alamat email Anda'),
    });
    expect(await trialsOf(unverified.id)).toEqual([]);

    const member = await createUser(h.db);
    expect(await startTrial(h.db, member.id, adminId, 'reguler', NOW)).toMatchObject({
      ok: false,
      status: 403,
      message: expect.stringContaining('impersonasi'),
    });
    expect(await trialsOf(member.id)).toEqual([]);
    expect(await auditsOf(member.id)).toEqual([]);
    expect(await startTrial(h.db, member.id, null, 'gratis', NOW)).toMatchObject({ ok: false, status: 400 });
    expect(await trialsOf(member.id)).toEqual([]);
  });

  it('refuses a member who paid for the tier or has it running', async () => {
    const payer = await createUser(h.db);
    await h.db.insert(payments).values({
      userId: payer.id,
      provider: 'stripe',
      providerRef: `cs_trial_${payer.id}`,
      planId: 'reguler-1',
      tier: 'reguler',
      months: 1,
      amount: 149_000,
      status: 'refunded',
      paidAt: new Date(NOW.getTime() - 60 * DAY_MS),
      refundedAt: new Date(NOW.getTime() - 50 * DAY_MS),
    });
    expect(await startTrial(h.db, payer.id, null, 'reguler', NOW)).toMatchObject({
      ok: false,
      status: 409,
      message: 'Uji coba gratis Reguler hanya untuk anggota yang belum pernah membayar Reguler.',
    });

    const granted = await createUser(h.db);
    await h.db.insert(memberships).values({
      userId: granted.id,
      tier: 'premium',
      startsAt: NOW,
      endsAt: new Date(NOW.getTime() + 30 * DAY_MS),
      source: 'admin',
    });
    expect(await startTrial(h.db, granted.id, null, 'reguler', NOW)).toMatchObject({
      ok: false,
      status: 409,
      message: 'Akses Reguler Anda masih aktif; uji coba tidak diperlukan.',
    });
    expect(await trialsOf(payer.id)).toEqual([]);
    expect(await trialsOf(granted.id)).toEqual([]);
  });

  it('lets a member who bought a Premium gift start the Premium trial (a gift is not their purchase)', async () => {
    const buyer = await createUser(h.db);
    await h.db.insert(payments).values({
      userId: buyer.id,
      provider: 'stripe',
      providerRef: `cs_trial_gift_${buyer.id}`,
      planId: 'premium-1',
      tier: 'premium',
      months: 1,
      amount: 299_000,
      status: 'paid',
      paidAt: new Date(NOW.getTime() - 5 * DAY_MS),
      gift: true,
    });
    expect(await trialOffer(h.db, buyer.id, 'premium', NOW)).toBe(3);
    expect(await startTrial(h.db, buyer.id, null, 'premium', NOW)).toMatchObject({ ok: true });
    expect(await trialsOf(buyer.id)).toHaveLength(1);
  });

  it('queues a payment of the same tier behind the trial; an upgrade starts at once without credit', async () => {
    const member = await createUser(h.db);
    expect(await startTrial(h.db, member.id, null, 'reguler', NOW)).toMatchObject({ ok: true });
    const trialEnd = new Date(NOW.getTime() + 7 * DAY_MS);
    const paidAt = new Date(NOW.getTime() + 2 * DAY_MS);

    const renew = await previewPass(h.db, member.id, findPlan('reguler-1')!, paidAt);
    expect(renew).toMatchObject({ kind: 'extends', startsAt: trialEnd, creditDays: 0 });
    const upgrade = await previewPass(h.db, member.id, findPlan('premium-1')!, paidAt);
    expect(upgrade).toMatchObject({ kind: 'starts-now', startsAt: paidAt, creditDays: 0 });

    // A settled Reguler payment: its pass starts where the trial ends, and the trial row stays as it was.
    const [pay] = await h.db
      .insert(payments)
      .values({
        userId: member.id,
        provider: 'midtrans',
        providerRef: `trial-renew-${member.id}`,
        planId: 'reguler-1',
        tier: 'reguler',
        months: 1,
        amount: 149_000,
        status: 'paid',
        paidAt,
      })
      .returning();
    const passes = await h.db.transaction((tx) => recomputePasses(tx, member.id));
    expect(passes.get(pay!.id)).toMatchObject({ startsAt: trialEnd, kind: 'extends' });
    const [trial] = await trialsOf(member.id);
    expect(trial).toMatchObject({ startsAt: NOW, endsAt: trialEnd });
  });
});
