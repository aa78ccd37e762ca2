import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Receipt mails of the pool's payments go to this folder's outbox, not the repository's data folder.
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'telaah-pool-'));

import { createTestDb } from '../../tests/db';
import type { DbHandle } from '../../src/server/db/client';
import { findUserByEmail, signInWithPassword } from '../../src/server/services/accounts';
import { currentTier } from '../../src/server/services/membership';
import { paymentHistory } from '../../src/server/services/payments';
import { seedMemberPool, type PoolManifest } from './member-pool';

const NOW = new Date('2026-11-20T03:00:00Z');

describe('the e2e member pool', () => {
  let h: DbHandle;
  let pool: PoolManifest;

  beforeAll(async () => {
    h = await createTestDb();
    pool = await seedMemberPool(h.db, NOW, 'http://localhost:4321', { gratis: 2, reguler: 1, premium: 1 });
  }, 60_000);
  afterAll(() => h.close());

  it('lists distinct members of each tier, all with the pool password', () => {
    expect(pool.members.map((m) => m.tier)).toEqual(['gratis', 'gratis', 'reguler', 'premium']);
    expect(new Set(pool.members.map((m) => m.email)).size).toBe(4);
    for (const m of pool.members) expect(m.email).toMatch(/^anggota-[0-9a-f-]{12}@contoh\.test$/);
  });

  it('writes verified members who sign in with the pool password through the real sign-in', async () => {
    for (const m of pool.members) {
      const result = await signInWithPassword(
        h.db,
        { email: m.email, password: pool.password },
        { ip: '10.0.0.9', now: NOW, baseUrl: 'http://localhost:4321', next: '' },
      );
      expect(result.ok, m.email).toBe(true);
    }
  });

  it('gives paid members one month of their tier, paid and listed as after a checkout', async () => {
    for (const m of pool.members) {
      const user = (await findUserByEmail(h.db, m.email))!;
      expect(user.emailVerifiedAt).toEqual(NOW);
      const tier = await currentTier(h.db, user.id, NOW);
      expect(tier.tier, m.email).toBe(m.tier);
      const history = await paymentHistory(h.db, user.id);
      if (m.tier === 'gratis') {
        expect(history).toEqual([]);
        continue;
      }
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ status: 'paid', planId: `${m.tier}-1`, provider: 'stripe', paidAt: NOW });
      expect(history[0]!.receiptNumber).toMatch(/^TLH-2026-\d{6}$/);
      expect(history[0]!.periodEndsAt?.toISOString()).toBe('2026-12-20T03:00:00.000Z');
    }
  });
});
