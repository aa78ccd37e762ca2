import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { STOCK_CODE_MAX_LENGTH } from '../../../domain/idx';

/** Listed companies (emiten), and the warrants listed under codes of their own. */
export const emiten = pgTable('emiten', {
  ticker: varchar('ticker', { length: STOCK_CODE_MAX_LENGTH }).primaryKey(),
  name: text('name').notNull(),
  sector: text('sector').notNull(),
  subSector: text('sub_sector').notNull(),
  board: text('board').notNull(),
  listingDate: date('listing_date').notNull(),
  sharesOutstanding: bigint('shares_outstanding', { mode: 'number' }).notNull(),
  isDemo: boolean('is_demo').notNull().default(false),
  /** Day the exchange delists (or delisted) the stock, as the daily feed reports it; null while listed. */
  delistedAt: date('delisted_at'),
  /** IDX special notation letters (notasi khusus), alphabetical, '' without any (docs/product.md §5.7). */
  notations: text('notations').notNull().default(''),
  /** Suspended according to the data (the emiten file's `suspended` column). */
  suspended: boolean('suspended').notNull().default(false),
});

/**
 * Codes an emiten traded under before a code change (IDX renames a code and the company stays one):
 * old URLs redirect to the current code. The current code follows `emiten.ticker` on a change.
 */
export const emitenCodeChanges = pgTable('emiten_code_changes', {
  oldCode: varchar('old_code', { length: STOCK_CODE_MAX_LENGTH }).primaryKey(),
  ticker: varchar('ticker', { length: STOCK_CODE_MAX_LENGTH })
    .notNull()
    .references(() => emiten.ticker, { onDelete: 'cascade', onUpdate: 'cascade' }),
});

/** End-of-day prices per ticker, in whole Rupiah. */
export const dailyPrices = pgTable(
  'daily_prices',
  {
    ticker: varchar('ticker', { length: STOCK_CODE_MAX_LENGTH })
      .notNull()
      .references(() => emiten.ticker, { onDelete: 'cascade', onUpdate: 'cascade' }),
    date: date('date').notNull(),
    open: integer('open').notNull(),
    high: integer('high').notNull(),
    low: integer('low').notNull(),
    close: integer('close').notNull(),
    volume: bigint('volume', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticker, t.date] }), index('daily_prices_date_idx').on(t.date)],
);

/** Index levels (IHSG = `COMPOSITE`); index points carry decimals. */
export const indexPrices = pgTable(
  'index_prices',
  {
    code: varchar('code', { length: 16 }).notNull(),
    date: date('date').notNull(),
    open: doublePrecision('open').notNull(),
    high: doublePrecision('high').notNull(),
    low: doublePrecision('low').notNull(),
    close: doublePrecision('close').notNull(),
    volume: bigint('volume', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.code, t.date] })],
);

export const CORPORATE_ACTION_TYPES = ['dividend', 'split', 'reverse_split', 'bonus', 'rights'] as const;
export type CorporateActionType = (typeof CORPORATE_ACTION_TYPES)[number];

/**
 * Corporate actions. `amount` is the cash dividend per share (may have decimals; rights issue: the
 * exercise price). `ratioFrom:ratioTo` is old:new shares for splits and reverse splits, held:new for
 * bonus shares and rights. One action per ticker, type and ex date.
 */
export const corporateActions = pgTable(
  'corporate_actions',
  {
    id: serial('id').primaryKey(),
    ticker: varchar('ticker', { length: STOCK_CODE_MAX_LENGTH })
      .notNull()
      .references(() => emiten.ticker, { onDelete: 'cascade', onUpdate: 'cascade' }),
    type: text('type').$type<CorporateActionType>().notNull(),
    cumDate: date('cum_date').notNull(),
    exDate: date('ex_date').notNull(),
    recordingDate: date('recording_date'),
    paymentDate: date('payment_date'),
    amount: numeric('amount', { precision: 14, scale: 4 }),
    ratioFrom: integer('ratio_from'),
    ratioTo: integer('ratio_to'),
    note: text('note'),
    /** Rights issues: the trading and exercise period of the rights (docs/product.md §5.6). */
    exerciseStart: date('exercise_start'),
    exerciseEnd: date('exercise_end'),
  },
  (t) => [unique('corporate_actions_natural_key').on(t.ticker, t.type, t.exDate)],
);

/** Fundamentals per quarter; flows (revenue, net income) are for the quarter alone, equity at its end. */
export const fundamentals = pgTable(
  'fundamentals',
  {
    ticker: varchar('ticker', { length: STOCK_CODE_MAX_LENGTH })
      .notNull()
      .references(() => emiten.ticker, { onDelete: 'cascade', onUpdate: 'cascade' }),
    periodEnd: date('period_end').notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
    netIncome: bigint('net_income', { mode: 'number' }).notNull(),
    equity: bigint('equity', { mode: 'number' }).notNull(),
    eps: numeric('eps', { precision: 14, scale: 4 }).notNull(),
    bvps: numeric('bvps', { precision: 14, scale: 4 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticker, t.periodEnd] })],
);

/**
 * Index constituents per period (docs/product.md §5.8): one row per index, effective date and code. The
 * members of an index on a day are the rows of its latest effective date on or before that day; an import
 * gives a period's whole list.
 */
export const indexConstituents = pgTable(
  'index_constituents',
  {
    indexCode: varchar('index_code', { length: 16 }).notNull(),
    effectiveDate: date('effective_date').notNull(),
    ticker: varchar('ticker', { length: STOCK_CODE_MAX_LENGTH })
      .notNull()
      .references(() => emiten.ticker, { onDelete: 'cascade', onUpdate: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.indexCode, t.effectiveDate, t.ticker] }),
    index('index_constituents_ticker_idx').on(t.ticker),
  ],
);

/** Small key/value facts about this installation (e.g. that it holds demo data). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The market data's version: one row, bumped in the same transaction as every write to market data
 * (imports, the daily update, demo data). Servers key derived views and HTTP caches on it, so all of
 * them see a change the moment it commits.
 */
export const marketState = pgTable(
  'market_state',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('market_state_one_row', sql`${t.id} = 1`)],
);

export const MARKET_UPDATE_OUTCOMES = ['imported', 'waiting', 'missing', 'invalid', 'refused', 'failed'] as const;
export type MarketUpdateOutcome = (typeof MARKET_UPDATE_OUTCOMES)[number];

/**
 * What the daily market update did per trading day. A repeat of the same outcome and message for the same
 * day (the job retries every pass until the day is imported) bumps `attempts` on the latest row instead
 * of adding one, so each reason is recorded once. `alerted` marks the row whose missing day was reported
 * (log, Sentry, admin page).
 */
export const marketUpdateRuns = pgTable(
  'market_update_runs',
  {
    id: serial('id').primaryKey(),
    tradingDate: date('trading_date').notNull(),
    provider: text('provider').notNull(),
    outcome: text('outcome').$type<MarketUpdateOutcome>().notNull(),
    /** Stock and index rows in the day's feed (0 when nothing was imported). */
    rows: integer('rows').notNull().default(0),
    durationMs: integer('duration_ms').notNull(),
    message: text('message').notNull(),
    attempts: integer('attempts').notNull().default(1),
    alerted: boolean('alerted').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('market_update_runs_date_idx').on(t.tradingDate, t.id)],
);

/**
 * Warrant series: a listed code of its own (an `emiten` row, so prices and transactions can use it)
 * linked to the company whose shares it converts into (docs/product.md §5.6).
 */
export const warrants = pgTable(
  'warrants',
  {
    code: varchar('code', { length: STOCK_CODE_MAX_LENGTH })
      .primaryKey()
      .references(() => emiten.ticker, { onDelete: 'cascade', onUpdate: 'cascade' }),
    underlying: varchar('underlying', { length: STOCK_CODE_MAX_LENGTH })
      .notNull()
      .references(() => emiten.ticker, { onDelete: 'cascade', onUpdate: 'cascade' }),
    exercisePrice: numeric('exercise_price', { precision: 14, scale: 4 }).notNull(),
    ratioWarrants: integer('ratio_warrants').notNull().default(1),
    ratioShares: integer('ratio_shares').notNull().default(1),
    exerciseStart: date('exercise_start'),
    expiry: date('expiry').notNull(),
  },
  (t) => [check('warrants_ratio', sql`${t.ratioWarrants} > 0 and ${t.ratioShares} > 0`)],
);

/**
 * A change of a company's status flags (notations, special monitoring board, suspension by the data),
 * one row per company and day with the status before the day's first change and after its last. The
 * evening notices tell holders once per row (subject `status:<ticker>:<day>`).
 */
export const emitenStatusChanges = pgTable(
  'emiten_status_changes',
  {
    ticker: varchar('ticker', { length: STOCK_CODE_MAX_LENGTH })
      .notNull()
      .references(() => emiten.ticker, { onDelete: 'cascade', onUpdate: 'cascade' }),
    changedOn: date('changed_on').notNull(),
    before: text('before').notNull(),
    after: text('after').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticker, t.changedOn] }), index('emiten_status_changes_day_idx').on(t.changedOn)],
);
