/** Test data for accounts, created through the same services the app uses. */
import type { Db } from '../../src/server/db/client';
import { memberships, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/auth/password';
import type { Role } from '../../src/server/db/schema/accounts';

let n = 0;

export async function createUser(
  db: Db,
  opts: { email?: string; name?: string; password?: string; role?: Role; verified?: boolean } = {},
) {
  n += 1;
  const [u] = await db
    .insert(users)
    .values({
      email: opts.email ?? `anggota${n}-${Date.now()}@contoh.id`,
      name: opts.name ?? `Anggota ${n}`,
      role: opts.role ?? 'member',
      passwordHash: opts.password ? await hashPassword(opts.password) : null,
      emailVerifiedAt: opts.verified === false ? null : new Date('2026-01-01T00:00:00Z'),
    })
    .returning();
  return u!;
}

export async function grantTier(db: Db, userId: string, tier: 'reguler' | 'premium', startsAt: Date, endsAt: Date) {
  await db.insert(memberships).values({ userId, tier, startsAt, endsAt, source: 'admin' });
}
