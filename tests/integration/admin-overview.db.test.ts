/**
 * The overview's figures against independent sums over the fixture: the fixture is generated from a
 * seeded list of payments and passes, and the expected figures are computed here by plain loops over
 * that list, never through the service's queries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDb } from '../db';
import type { DbHandle } from '../../src/server/db/client';
import { giftPasses, memberships, payments, users } from '../../src/server/db/schema';
import { deleteAccount } from '../../src/server/services/accounts';
import { adminOverview } from '../../src/server/services/admin';
import { createUser } from '../factories/users';
import { DAY_MS } from '../../src/domain/dates';
import { executeRows } from '../../src/server/db/rows';

const NOW = new Date('2026-11-20T03:00:00Z');

interface FixturePayment {
  id?: string;
  /** Null once the member deleted the account (the payment stays, anonymised). */
  userId: string | null;
  provider: 'stripe' | 'midtrans';
  tier: 'reguler' | 'premium';
  amount: number;
  paidAt: Date | null;
  refundedAt: Date | null;
  /** Bought for someone else (decision 0041): revenue, but no movement of the buyer. */
  gift?: boolean;
}

/** WIB month key of an instant, computed by hand (UTC+7, no daylight saving). */
function monthKey(d: Date): string {
  const w = new Date(d.getTime() + 7 * 3_600_000);
  return `${w.getUTCFullYear()}-${String(w.getUTCMonth() + 1).padStart(2, '0')}`;
}

describe('admin overview', () => {
  let h: DbHandle;
  const fixture: FixturePayment[] = [];
  const passes: { userId: string; tier: 'reguler' | 'premium'; startsAt: Date; endsAt: Date }[] = [];
  /** Gifts redeemed (decision 0041): a purchase of the redeemer at the moment of redemption. */
  const redemptions: { userId: string; tier: 'reguler' | 'premium'; at: Date }[] = [];
  const all = (query: ReturnType<typeof sql>) => executeRows<unknown>(h.db, query);
  /** The monthly rows kept beside payments and memberships (decision 0032), as stored. */
  const monthly = async () => ({
    revenue: await all(sql`select * from admin_revenue_months order by 1, 2`),
    members: await all(sql`select * from admin_member_months order by 1, 2, 3`),
  });

  beforeAll(async () => {
    h = await createTestDb();
    let seed = 7;
    const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let u = 0; u < 30; u++) {
      const user = await createUser(h.db);
      const count = 1 + Math.floor(rnd() * 4);
      let at = NOW.getTime() - Math.floor(rnd() * 420) * DAY_MS;
      for (let i = 0; i < count; i++) {
        const tier: 'reguler' | 'premium' = rnd() < 0.5 ? 'reguler' : 'premium';
        const provider: 'stripe' | 'midtrans' = rnd() < 0.5 ? 'stripe' : 'midtrans';
        const amount = tier === 'premium' ? 149_000 + Math.floor(rnd() * 5) * 1_000 : 49_000;
        const paid = rnd() < 0.85;
        const paidAt = paid ? new Date(at) : null;
        const refundedAt = paid && rnd() < 0.2 ? new Date(at + Math.floor(rnd() * 40) * DAY_MS) : null;
        const entry: FixturePayment = { userId: user.id, provider, tier, amount, paidAt, refundedAt };
        fixture.push(entry);
        const [row] = await h.db
          .insert(payments)
          .values({
            userId: user.id,
            provider,
            providerRef: `ref-${u}-${i}`,
            planId: `${tier}-1`,
            tier,
            months: 1,
            amount,
            status: refundedAt && refundedAt <= NOW ? 'refunded' : paid ? 'paid' : 'failed',
            paidAt,
            refundedAt: refundedAt && refundedAt <= NOW ? refundedAt : null,
            createdAt: new Date(at),
          })
          .returning();
        entry.id = row!.id;
        if (paid && !(refundedAt && refundedAt <= NOW)) {
          const pass = { userId: user.id, tier, startsAt: new Date(at), endsAt: new Date(at + 30 * DAY_MS) };
          passes.push(pass);
          await h.db.insert(memberships).values({ ...pass, source: 'payment', paymentId: row!.id });
        }
        at += Math.floor(10 + rnd() * 50) * DAY_MS;
        if (at > NOW.getTime()) break;
      }
    }
    // One member surely lapsing in 3 days, so the lapsing list is never empty by accident.
    const lapsing = await createUser(h.db);
    const pass = {
      userId: lapsing.id,
      tier: 'premium' as const,
      startsAt: new Date(NOW.getTime() - 27 * DAY_MS),
      endsAt: new Date(NOW.getTime() + 3 * DAY_MS),
    };
    passes.push(pass);
    await h.db.insert(memberships).values({ ...pass, source: 'payment' });
  });
  afterAll(() => h.close());

  async function expectRevenue() {
    const o = await adminOverview(h.db, NOW);
    expect(o.revenue).toHaveLength(24);
    let checked = 0;
    for (const row of o.revenue) {
      let gross = 0;
      let refunds = 0;
      for (const p of fixture) {
        if (p.provider !== row.provider) continue;
        if (p.paidAt && monthKey(p.paidAt) === row.month) gross += p.amount;
        if (p.refundedAt && p.refundedAt <= NOW && monthKey(p.refundedAt) === row.month) refunds += p.amount;
      }
      expect(row, `${row.month} ${row.provider}`).toEqual({ ...row, gross, refunds, net: gross - refunds });
      checked += gross + refunds;
    }
    expect(checked).toBeGreaterThan(0);
  }

  it('revenue per month and provider equals the sums over the fixture, to the Rupiah', expectRevenue);

  it('paying members by tier and lapsing members equal counts over the fixture passes', async () => {
    const o = await adminOverview(h.db, NOW);
    const top = new Map<string, number>();
    for (const p of passes) {
      if (p.startsAt <= NOW && p.endsAt > NOW)
        top.set(p.userId, Math.max(top.get(p.userId) ?? 0, p.tier === 'premium' ? 2 : 1));
    }
    const values = [...top.values()];
    expect(o.payingByTier).toEqual({
      reguler: values.filter((v) => v === 1).length,
      premium: values.filter((v) => v === 2).length,
    });
    const soon = new Set<string>();
    for (const p of passes) {
      const continued = passes.some((n) => n.userId === p.userId && n.startsAt <= p.endsAt && n.endsAt > p.endsAt);
      if (p.startsAt <= NOW && p.endsAt >= NOW && p.endsAt.getTime() < NOW.getTime() + 7 * DAY_MS && !continued)
        soon.add(p.userId);
    }
    expect(soon.size).toBeGreaterThan(0);
    expect(new Set(o.lapsing.map((l) => l.userId))).toEqual(soon);
  });

  async function expectMovements() {
    const o = await adminOverview(h.db, NOW);
    for (const mv of o.movements) {
      const kinds = { new: new Set<string>(), renewed: new Set<string>(), upgraded: new Set<string>() };
      // A member's purchases: their own payments (not gifts they bought) and the gifts they redeemed.
      const buys = [
        ...fixture.flatMap((p) =>
          p.paidAt && p.userId && !p.gift ? [{ userId: p.userId, tier: p.tier, at: p.paidAt }] : [],
        ),
        ...redemptions,
      ];
      for (const p of buys) {
        if (monthKey(p.at) !== mv.month) continue;
        const earlier = buys
          .filter((q) => q.userId === p.userId && q.at < p.at)
          .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
        const kind = !earlier ? 'new' : p.tier === 'premium' && earlier.tier === 'reguler' ? 'upgraded' : 'renewed';
        kinds[kind].add(p.userId);
      }
      expect(mv, mv.month).toMatchObject({
        new: kinds.new.size,
        renewed: kinds.renewed.size,
        upgraded: kinds.upgraded.size,
      });
    }
  }

  it('new, renewed and upgraded members this month and last equal counts over the fixture', expectMovements);

  it('keeps to the sums through later changes: an earlier payment recorded late, a refund, an account deleted', async () => {
    const thisMonth = fixture.filter((p) => p.userId && p.paidAt && monthKey(p.paidAt) === monthKey(NOW));
    // A payment dated before everything a member of this month paid: their payment this month is no longer "new".
    const first = thisMonth.find(
      (p) => !fixture.some((q) => q.userId === p.userId && q.paidAt && q.paidAt < p.paidAt!),
    )!;
    const late: FixturePayment = {
      userId: first.userId,
      provider: 'midtrans',
      tier: 'reguler',
      amount: 49_000,
      paidAt: new Date(first.paidAt!.getTime() - 40 * DAY_MS),
      refundedAt: null,
    };
    const [row] = await h.db
      .insert(payments)
      .values({ ...late, userId: late.userId!, providerRef: 'late', planId: 'reguler-1', months: 1, status: 'paid' })
      .returning();
    late.id = row!.id;
    fixture.push(late);
    // A refund today of a payment made earlier.
    const refunded = fixture.find((p) => p.paidAt && !p.refundedAt && p.id !== late.id && p.userId)!;
    refunded.refundedAt = new Date(NOW.getTime() - DAY_MS);
    await h.db
      .update(payments)
      .set({ status: 'refunded', refundedAt: refunded.refundedAt })
      .where(eq(payments.id, refunded.id!));
    // A member of this month deletes the account: the payments stay in revenue, the member leaves the counts.
    const leaving = thisMonth.find((p) => p.userId !== first.userId)!.userId!;
    const [user] = await h.db.select().from(users).where(eq(users.id, leaving));
    expect(await deleteAccount(h.db, leaving, user!.email, NOW)).toMatchObject({ ok: true });
    for (const p of fixture) if (p.userId === leaving) p.userId = null;

    await expectRevenue();
    await expectMovements();
    // What the trigger kept equals a rebuild from scratch.
    const kept = await monthly();
    await h.db.execute(sql`select admin_rebuild_overview()`);
    expect(await monthly()).toEqual(kept);
  });

  it('counts a gift in revenue but not as a movement of its buyer, as kept and as rebuilt', async () => {
    const insert = async (p: FixturePayment, ref: string) => {
      const [row] = await h.db
        .insert(payments)
        .values({
          userId: p.userId!,
          provider: p.provider,
          tier: p.tier,
          amount: p.amount,
          paidAt: p.paidAt,
          providerRef: ref,
          planId: `${p.tier}-1`,
          months: 1,
          status: 'paid',
          gift: p.gift ?? false,
        })
        .returning();
      p.id = row!.id;
      fixture.push(p);
    };
    const before = await adminOverview(h.db, NOW);
    // A free member buys a Premium gift this month: no pass, no movement, the money in revenue.
    const free = await createUser(h.db);
    const gift: FixturePayment = {
      userId: free.id,
      provider: 'stripe',
      tier: 'premium',
      amount: 149_000,
      paidAt: new Date(NOW.getTime() - 2 * DAY_MS),
      refundedAt: null,
      gift: true,
    };
    await insert(gift, 'gift-free');
    // Another buys a Premium gift, then their own Reguler pass: the gift is no earlier payment, so "new".
    const later = await createUser(h.db);
    await insert({ ...gift, userId: later.id, provider: 'midtrans' }, 'gift-then-own');
    const own: FixturePayment = {
      userId: later.id,
      provider: 'midtrans',
      tier: 'reguler',
      amount: 49_000,
      paidAt: new Date(NOW.getTime() - DAY_MS),
      refundedAt: null,
    };
    await insert(own, 'own-after-gift');

    const after = await adminOverview(h.db, NOW);
    const current = (o: typeof after) => o.movements.find((m) => m.month === monthKey(NOW))!;
    expect(current(after)).toMatchObject({
      new: current(before).new + 1,
      renewed: current(before).renewed,
      upgraded: current(before).upgraded,
    });
    expect(after.payingByTier).toEqual(before.payingByTier);
    const gross = (o: typeof after, provider: string) =>
      o.revenue.find((r) => r.month === monthKey(NOW) && r.provider === provider)!.gross;
    expect(gross(after, 'stripe') - gross(before, 'stripe')).toBe(149_000);
    expect(gross(after, 'midtrans') - gross(before, 'midtrans')).toBe(149_000 + 49_000);
    expect(await all(sql`select kind from admin_member_months where user_id = ${free.id}`)).toEqual([]);
    expect(await all(sql`select kind from admin_member_months where user_id = ${later.id}`)).toEqual([{ kind: 'new' }]);
    await expectRevenue();
    await expectMovements();
    // What the trigger kept equals a rebuild from scratch.
    const kept = await monthly();
    await h.db.execute(sql`select admin_rebuild_overview()`);
    expect(await monthly()).toEqual(kept);
  });

  it('counts the redeemer of a gift as a new or renewed member when they redeem it, revenue unchanged', async () => {
    const buyer = await createUser(h.db);
    /** A paid Premium gift of `buyer`, redeemed by `by` at `at` (or not yet). */
    async function gift(by: string | null, at: Date | null, n: number) {
      const paidAt = new Date(NOW.getTime() - 5 * DAY_MS);
      const [p] = await h.db
        .insert(payments)
        .values({
          userId: buyer.id,
          provider: 'stripe',
          providerRef: `gift-redeemed-${n}`,
          planId: 'premium-1',
          tier: 'premium',
          months: 1,
          amount: 149_000,
          status: 'paid',
          paidAt,
          gift: true,
        })
        .returning();
      fixture.push({
        id: p!.id,
        userId: buyer.id,
        provider: 'stripe',
        tier: 'premium',
        amount: 149_000,
        paidAt,
        refundedAt: null,
        gift: true,
      });
      const [g] = await h.db
        .insert(giftPasses)
        .values({ paymentId: p!.id, buyerId: buyer.id, recipientEmail: `r${n}@contoh.id`, status: 'active' })
        .returning();
      if (by && at) await redeem(g!.id, by, at);
      return g!.id;
    }
    async function redeem(giftId: string, by: string, at: Date) {
      await h.db
        .update(giftPasses)
        .set({ status: 'redeemed', redeemedBy: by, redeemedAt: at })
        .where(eq(giftPasses.id, giftId));
      redemptions.push({ userId: by, tier: 'premium', at });
    }
    const before = await adminOverview(h.db, NOW);
    const current = (o: typeof before) => o.movements.find((m) => m.month === monthKey(NOW))!;
    // A member who never paid redeems a gift this month: new.
    const fresh = await createUser(h.db);
    await gift(fresh.id, new Date(NOW.getTime() - DAY_MS), 1);
    // A Reguler member of earlier months redeems a Premium gift: upgraded (inserted unredeemed, redeemed later).
    const earlierMember = fixture.find(
      (p) =>
        p.userId &&
        p.paidAt &&
        !p.gift &&
        p.tier === 'reguler' &&
        monthKey(p.paidAt) < monthKey(NOW) &&
        !fixture.some((q) => q.userId === p.userId && q.paidAt && monthKey(q.paidAt) === monthKey(NOW)),
    )!;
    const later = await gift(null, null, 2);
    await redeem(later, earlierMember.userId!, new Date(NOW.getTime() - 2 * DAY_MS));
    const after = await adminOverview(h.db, NOW);
    expect(current(after).new).toBe(current(before).new + 1);
    expect(current(after).new + current(after).renewed + current(after).upgraded).toBe(
      current(before).new + current(before).renewed + current(before).upgraded + 2,
    );
    expect(await all(sql`select kind from admin_member_months where user_id = ${fresh.id}`)).toEqual([{ kind: 'new' }]);
    expect(await all(sql`select kind from admin_member_months where user_id = ${buyer.id}`)).toEqual([]);
    // Revenue: the gifts' money once, when paid, to the buyer's provider.
    await expectRevenue();
    await expectMovements();
    const kept = await monthly();
    await h.db.execute(sql`select admin_rebuild_overview()`);
    expect(await monthly()).toEqual(kept);
  });
});
