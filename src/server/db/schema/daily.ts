/**
 * Watchlists, alerts and in-app notices (docs/product.md §10): what brings a member back every trading day.
 * Codes are stored as text wide enough for every IDX listing class; they reference the emiten table.
 */
import { STOCK_CODE_MAX_LENGTH } from '../../../domain/idx';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { generatedId } from './columns';
import { memberRef } from './accounts';
import { emiten } from './market';
import type { AlertKind, NoticeKind } from '../../../domain/alerts';

/** A member's named list of codes. */
export const watchlists = pgTable(
  'watchlists',
  {
    id: generatedId(),
    userId: memberRef(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('watchlists_name_per_member').on(t.userId, t.name)],
);

export const watchlistItems = pgTable(
  'watchlist_items',
  {
    watchlistId: uuid('watchlist_id')
      .notNull()
      .references(() => watchlists.id, { onDelete: 'cascade' }),
    ticker: varchar('ticker', { length: STOCK_CODE_MAX_LENGTH })
      .notNull()
      .references(() => emiten.ticker, { onDelete: 'cascade', onUpdate: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.watchlistId, t.ticker] })],
);

/**
 * One alert on a code. `armed` is the crossing state: an alert fires only while armed and disarms as it
 * fires; it re-arms when its condition no longer holds. `lastKey` remembers what it last fired on (an
 * analysis id, a dividend id, a trading day) for the kinds that fire once per thing rather than per crossing.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: generatedId(),
    userId: memberRef(),
    ticker: varchar('ticker', { length: STOCK_CODE_MAX_LENGTH })
      .notNull()
      .references(() => emiten.ticker, { onDelete: 'cascade', onUpdate: 'cascade' }),
    kind: text('kind').$type<AlertKind>().notNull(),
    /** Price level in Rupiah on the tick grid (price kinds). */
    level: integer('level'),
    /** Move threshold in percent (kind `move`). */
    pct: numeric('pct', { precision: 5, scale: 2 }),
    armed: boolean('armed').notNull().default(true),
    lastKey: text('last_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alerts_user_idx').on(t.userId), index('alerts_kind_ticker_idx').on(t.kind, t.ticker)],
);

/** What fired: the member's in-app notices (`/notifikasi`) and the queue of messages still to deliver. */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: generatedId(),
    userId: memberRef(),
    /**
     * The alert that fired it, for the record only: not a foreign key (docs/decisions/0036). Nothing joins on
     * it, and a key check per inserted notice cost a lookup and a row lock on the alert for each of the
     * ~500 000 notices of the bench's day; a deleted alert leaves its notices pointing nowhere.
     */
    alertId: uuid('alert_id'),
    ticker: varchar('ticker', { length: STOCK_CODE_MAX_LENGTH }).notNull(),
    kind: text('kind').$type<NoticeKind>().notNull(),
    tradingDate: date('trading_date').notNull(),
    /** The close that fired it (price kinds, move, target, fair value). */
    price: integer('price'),
    /** What it was compared with: the alert's level, the target price or the fair value. */
    reference: integer('reference'),
    /** The previous close (move). */
    prevPrice: integer('prev_price'),
    /** The analysis' title (analysis), the dividend's cum date, `YYYY-MM-DD` (cum_date), the screen's name (screen). */
    detail: text('detail'),
    /** Path of the page the notice points to (the analysis, the saved screen's screener URL). */
    link: text('link'),
    /** The codes that entered a saved screen (kind `screen`); `ticker` holds the first of them. */
    codes: text('codes').array(),
    /** The codes that left it the same day (kind `screen`). */
    leftCodes: text('left_codes').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Set when a delivery run claimed it; null while it waits for one. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('alert_events_user_idx').on(t.userId, t.createdAt),
    index('alert_events_undelivered_idx')
      .on(t.userId)
      .where(sql`${t.deliveredAt} is null`),
  ],
);

/**
 * The latest analysis per code, copied from the content so alert evaluation can join it in SQL. `tierRank`
 * (0 gratis, 1 reguler, 2 premium) lets the evaluation keep gated targets from members below the tier.
 */
export const researchCalls = pgTable('research_calls', {
  ticker: varchar('ticker', { length: STOCK_CODE_MAX_LENGTH }).primaryKey(),
  analysisId: text('analysis_id').notNull(),
  title: text('title').notNull(),
  path: text('path').notNull(),
  date: date('date').notNull(),
  tierRank: smallint('tier_rank').notNull(),
  rating: text('rating').notNull(),
  targetPrice: integer('target_price'),
  fairValue: integer('fair_value'),
});

/**
 * A member's saved screener query (docs/product.md §11): `query` is the screener URL's query string as the
 * screener's own parser reads it and writes it back (never the raw input). With `alert` on, the daily
 * evaluation compares the codes passing it with those of its last evaluation and notifies the codes that
 * entered. The codes are not stored per screen: `alertKey` and `alertDay` name the shared result
 * (`screen_results`) the screen was last evaluated against; both null until the first evaluation, which only
 * records them.
 */
export const savedScreens = pgTable(
  'saved_screens',
  {
    id: generatedId(),
    userId: memberRef(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    alert: boolean('alert').notNull().default(false),
    /** The `screen_results` key of the last evaluation (the filter without its sort, and the tier if it matters). */
    alertKey: text('alert_key'),
    /** Trading day of the last evaluation. */
    alertDay: date('alert_day'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('saved_screens_name_per_member').on(t.userId, t.name),
    index('saved_screens_alert_idx')
      .on(t.query)
      .where(sql`${t.alert}`),
  ],
);

/**
 * The codes passing one distinct screen filter on one trading day (docs/decisions/0042): computed once per
 * (filter, tier where it matters, day), however many saved screens share it. `key` is a hash of the filter
 * without its sort and of the tier rank (or `-` when the filter does not depend on the tier). A row stays while
 * a saved screen's last evaluation points to it (`saved_screens.alert_key`, `alert_day`).
 */
export const screenResults = pgTable(
  'screen_results',
  {
    key: text('key').notNull(),
    day: date('day').notNull(),
    /** The canonical filter (sort removed), for reading the table; the key is what joins. */
    filter: text('filter').notNull(),
    /** The tier rank the filter was run with; null when the filter does not depend on the tier. */
    tierRank: smallint('tier_rank'),
    codes: text('codes').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.day] })],
);
