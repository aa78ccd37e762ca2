import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb } from '../db';
import type { DbHandle } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/auth/password';
import { reportServerError } from '../../src/server/errors';
import { beforeSend } from '../../src/lib/monitoring/filters';

describe('a failed query with a password hash among its parameters', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());
  afterEach(() => vi.restoreAllMocks());

  async function failedInsert(): Promise<Error> {
    const passwordHash = await hashPassword('Sangat-Rahasia-PW-1');
    // PostgreSQL refuses NUL in text: the query fails with its parameters in Drizzle's message.
    const err = await h.db
      .insert(users)
      .values({ name: 'Nu\u0000ll', email: 'x1@example.test', passwordHash })
      .then(() => null)
      .catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    return err!;
  }

  it('is logged without the parameters', async () => {
    const err = await failedInsert();
    expect(`${err.message}${err.stack}`).toContain('$argon2');
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => lines.push(String(chunk)) > 0);
    reportServerError(err, { path: '/sign-up', method: 'POST' });
    expect(lines.join('')).toContain('Failed query');
    expect(lines.join('')).not.toContain('$argon2');
    // The same error object goes on to Sentry's request handler: it is scrubbed in place.
    expect(`${err.message}${err.stack}${JSON.stringify(err)}`).not.toContain('$argon2');
  });

  it('is reported to monitoring without the parameters', async () => {
    const err = await failedInsert();
    const event = beforeSend({ type: undefined, exception: { values: [{ type: 'Error', value: err.message }] } }, {});
    expect(JSON.stringify(event)).toContain('Failed query');
    expect(JSON.stringify(event)).not.toContain('$argon2');
  });
});
