import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users, memberRef } from './accounts';

/**
 * A member's TOTP secret, encrypted with a key derived from AUTH_SECRET. `pendingSecret` holds the
 * secret being enrolled until the member confirms it with a code; `lastStep` is the 30-second step of
 * the last accepted code, so a code is never accepted twice.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  lastStep: integer('last_step').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** One-time recovery codes; only their SHA-256 is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: memberRef(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);
