/**
 * The four demo accounts of docs/product.md §9 (password `telaah-demo`), with their roles and memberships.
 * Only ever created in a demo database.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { memberships, users } from '../db/schema';
import { hashPassword } from '../auth/password';
import { enableTwoFactorWithSecret } from '../services/accounts';
import type { Role } from '../db/schema/accounts';
import { addDaysToInstant } from '../../domain/dates';

export const DEMO_PASSWORD = 'telaah-demo';
/**
 * The demo admin's TOTP secret (base32): admins sign in with two factors, so the demo admin has them
 * on with this published secret (add it to an authenticator app to sign in as the demo admin).
 */
const DEMO_ADMIN_TOTP_SECRET = 'KRSWYYLBNBAWI3LJNZSGK3LPEBQWI3LJ';

export const DEMO_ACCOUNTS: {
  email: string;
  name: string;
  role: Role;
  tier: 'gratis' | 'reguler' | 'premium';
  label: string;
}[] = [
  { email: 'admin@telaah.test', name: 'Admin Telaah', role: 'admin', tier: 'premium', label: 'admin (premium)' },
  { email: 'premium@telaah.test', name: 'Putri Premium', role: 'member', tier: 'premium', label: 'anggota Premium' },
  { email: 'reguler@telaah.test', name: 'Rudi Reguler', role: 'member', tier: 'reguler', label: 'anggota Reguler' },
  { email: 'gratis@telaah.test', name: 'Gita Gratis', role: 'member', tier: 'gratis', label: 'anggota Gratis' },
];

/** Creates (or resets) the demo accounts; paid tiers get a pass from 30 days ago to 335 days ahead. */
export async function loadDemoAccounts(db: Db, now: Date): Promise<Map<string, string>> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = new Map<string, string>();
  for (const a of DEMO_ACCOUNTS) {
    const [u] = await db
      .insert(users)
      .values({ email: a.email, name: a.name, role: a.role, passwordHash, emailVerifiedAt: now })
      .onConflictDoUpdate({
        target: users.email,
        set: { name: a.name, role: a.role, passwordHash, emailVerifiedAt: now },
      })
      .returning({ id: users.id });
    ids.set(a.email, u!.id);
    if (a.role === 'admin') await enableTwoFactorWithSecret(db, u!.id, DEMO_ADMIN_TOTP_SECRET, now);
    await db.delete(memberships).where(eq(memberships.userId, u!.id));
    if (a.tier !== 'gratis') {
      await db.insert(memberships).values({
        userId: u!.id,
        tier: a.tier,
        startsAt: addDaysToInstant(now, -30),
        endsAt: addDaysToInstant(now, 335),
        source: 'demo',
      });
    }
  }
  return ids;
}
