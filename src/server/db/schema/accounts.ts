import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { generatedId } from './columns';

export type Role = 'member' | 'editor' | 'admin';

/** Members and staff. Email is stored lower-case. */
export const users = pgTable('users', {
  id: generatedId(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** Argon2id hash; null for SSO-only accounts. */
  passwordHash: text('password_hash'),
  role: text('role').$type<Role>().notNull().default('member'),
  /** When the member turned on a second factor (TOTP); null while they sign in with one factor. */
  twoFactorAt: timestamp('two_factor_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The member a row belongs to (`user_id` unless named): the row goes when the member's account goes. */
export const memberRef = (name = 'user_id') =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * Signed-in sessions. A session cookie names its row; it is valid only while the row exists and has not
 * expired, so deleting rows signs out on every app server at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: generatedId(),
    userId: memberRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** True until the member of a two-factor account enters their code: the session grants nothing yet. */
    secondFactorPending: boolean('second_factor_pending').notNull().default(false),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** External sign-in methods (OpenID Connect) linked to a user. */
export const authAccounts = pgTable(
  'auth_accounts',
  {
    userId: memberRef(),
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerAccountId] }), index('auth_accounts_user_idx').on(t.userId)],
);

/** One-time tokens sent by email; only the SHA-256 of the token is stored. */
export const emailTokens = pgTable('email_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: memberRef(),
  purpose: text('purpose').$type<'verify-email' | 'change-email' | 'reset-password'>().notNull(),
  /** For a change of address: the address being verified; otherwise the account's address. */
  email: text('email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Fixed-window counters for abuse limits, shared by every app server through the database. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Admin sessions acting as a member (support). */
export const impersonations = pgTable('impersonations', {
  id: generatedId(),
  adminId: memberRef('admin_id'),
  memberId: memberRef('member_id'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
});

/** Append-only record of sensitive events; ids only, no personal data. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: generatedId(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Insertion order: entries written in the same instant (a frozen test clock, one transaction) stay in order. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    actorId: uuid('actor_id'),
    subjectId: uuid('subject_id'),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_subject_idx').on(t.subjectId, t.at), index('audit_log_at_idx').on(t.at, t.seq)],
);
