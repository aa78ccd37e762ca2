import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../../tests/db';
import { createUser } from '../../tests/factories/users';
import { ConfigError } from '../../src/server/config';
import { users } from '../../src/server/db/schema';
import { adminPoolEmail } from './admin-pool';
import { assertNoPoolAdmins } from './startup';

describe('production start-up and the e2e admin pool', () => {
  let h: TestDb;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h?.close());

  it('starts with real admins, and with pool addresses that are not admins', async () => {
    await createUser(h.db, { email: 'pengelola@telaah.id', role: 'admin' });
    await createUser(h.db, { email: adminPoolEmail(4), role: 'member' });
    await expect(assertNoPoolAdmins(h.db, 'production')).resolves.toBeUndefined();
  });

  it('refuses production with one line naming the pool admin, and allows it outside production', async () => {
    await createUser(h.db, { email: adminPoolEmail(6), role: 'admin' });
    const refusal = await assertNoPoolAdmins(h.db, 'production').then(
      () => null,
      (err: unknown) => err,
    );
    expect(refusal).toBeInstanceOf(ConfigError);
    expect((refusal as Error).message).toContain('pengelola-uji-07@contoh.test');
    expect((refusal as Error).message).toContain('production');
    expect((refusal as Error).message).not.toContain('\n');
    await expect(assertNoPoolAdmins(h.db, 'test')).resolves.toBeUndefined();
    await h.db.delete(users).where(eq(users.email, adminPoolEmail(6)));
    await expect(assertNoPoolAdmins(h.db, 'production')).resolves.toBeUndefined();
  });
});
