import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RiskProfile } from '../../../domain/risk-profile';
import { users } from './accounts';

/** Each member's latest risk-profile questionnaire; retaking it replaces the row. */
export const riskProfiles = pgTable('risk_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  profile: text('profile').$type<RiskProfile>().notNull(),
  score: integer('score').notNull(),
  /** Question id → chosen option id, as answered. */
  answers: jsonb('answers').$type<Record<string, string>>().notNull(),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
});
