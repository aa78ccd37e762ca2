/**
 * The e2e runs' pool of members (docs/decisions/0029-e2e-member-pool-and-demo-copy.md): verified accounts
 * per tier, written into the server's database before it starts, so that a story that writes gets a member
 * of its own without signing one up through the browser. Accounts are written as a verified sign-up leaves
 * them (the real Argon2id hash of the pool's password, the email verified); a paid tier is one month paid
 * through the Stripe stand-in's provider, settled by the real `fulfil()` (payment row, pass, receipt mail),
 * exactly as the checkout's return page settles it.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/server/db/client';
import { payments, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/auth/password';
import { findPlan } from '../../src/domain/plans';
import { fulfil } from '../../src/server/services/payments';
import { enableTwoFactorWithSecret } from '../../src/server/services/accounts';
import { ADMIN_POOL_SIZE, adminPoolEmail, adminPoolName, adminPoolSecret, type PoolAdmin } from './admin-pool';

export type PoolTier = 'gratis' | 'reguler' | 'premium';

export interface PoolMember {
  email: string;
  password: string;
  name: string;
  tier: PoolTier;
}

/**
 * What tests/e2e/fixtures.ts reads: the members, the password and name they all start with, and the pool's
 * admins (scripts/lib/admin-pool.ts; their TOTP secrets follow from their addresses).
 */
export interface PoolManifest {
  password: string;
  name: string;
  members: PoolMember[];
  admins: PoolAdmin[];
}

const POOL_PASSWORD = 'sate-padang-2026';
const POOL_NAME = 'Anggota Uji';
/** About twice what the suite uses per tier: stories beyond the pool fall back to signing up. */
const POOL_SIZES: Record<PoolTier, number> = { gratis: 100, reguler: 20, premium: 12 };

/** Writes the pool's members into `db` (paid tiers settled at `now`); `baseUrl` goes into receipt links. */
export async function seedMemberPool(
  db: Db,
  now: Date,
  baseUrl: string,
  sizes: Record<PoolTier, number> = POOL_SIZES,
): Promise<PoolManifest> {
  // One real hash for all: every member's password is the same, the salt need not differ for a test pool.
  const passwordHash = await hashPassword(POOL_PASSWORD);
  const members: PoolMember[] = [];
  for (const tier of Object.keys(sizes) as PoolTier[]) {
    for (let i = 0; i < sizes[tier]; i++) {
      // Shaped as signUpMember()'s addresses, nothing a story's search (`reguler`, `gita` …) would match.
      const email = `anggota-${randomUUID().slice(0, 12)}@contoh.test`;
      const [user] = await db
        .insert(users)
        .values({ email, name: POOL_NAME, passwordHash, emailVerifiedAt: now })
        .returning({ id: users.id });
      if (tier !== 'gratis') await payOneMonth(db, user!.id, tier, now, baseUrl);
      members.push({ email, password: POOL_PASSWORD, name: POOL_NAME, tier });
    }
  }
  return { password: POOL_PASSWORD, name: POOL_NAME, members, admins: [] };
}

/**
 * Writes the pool's admins into `db`: verified accounts with the admin role and two factors on with the
 * secret adminPoolSecret() derives, as the demo admin has (enableTwoFactorWithSecret(), no recovery codes).
 */
export async function seedAdminPool(db: Db, now: Date, size = ADMIN_POOL_SIZE): Promise<PoolAdmin[]> {
  const passwordHash = await hashPassword(POOL_PASSWORD);
  const admins: PoolAdmin[] = [];
  for (let i = 0; i < size; i++) {
    const email = adminPoolEmail(i);
    const name = adminPoolName(i);
    const [user] = await db
      .insert(users)
      .values({ email, name, role: 'admin', passwordHash, emailVerifiedAt: now })
      .returning({ id: users.id });
    await enableTwoFactorWithSecret(db, user!.id, adminPoolSecret(email), now);
    admins.push({ email, password: POOL_PASSWORD, name });
  }
  return admins;
}

async function payOneMonth(db: Db, userId: string, tier: Exclude<PoolTier, 'gratis'>, now: Date, baseUrl: string) {
  const plan = findPlan(`${tier}-1`)!;
  const ref = `cs_test_pool_${randomUUID().replaceAll('-', '')}`;
  // What startCheckout() records before it asks the provider, with the reference the provider returned.
  const [payment] = await db
    .insert(payments)
    .values({
      userId,
      provider: 'stripe',
      providerRef: ref,
      planId: plan.id,
      tier: plan.tier,
      months: plan.months,
      amount: plan.price,
      currency: 'IDR',
    })
    .returning({ id: payments.id });
  const result = await fulfil(
    db,
    {
      provider: 'stripe',
      ref,
      paymentRef: `pi_pool_${randomUUID().replaceAll('-', '')}`,
      paymentId: payment!.id,
      status: 'paid',
      amount: plan.price,
      currency: 'IDR',
      planId: plan.id,
      userId,
      method: 'stripe',
    },
    { now, baseUrl },
  );
  if (result.change !== 'granted') throw new Error(`pool payment of ${userId} not granted: ${result.change}`);
}
