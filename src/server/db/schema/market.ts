import { bigint, boolean, date, doublePrecision, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';

/** Listed companies (emiten). */
export const emiten = pgTable('emiten', {
  ticker: varchar('ticker', { length: 4 }).primaryKey(),
  name: text('name').notNull(),
  sector: text('sector').notNull(),
  subSector: text('sub_sector').notNull(),
  board: text('board').notNull(),
  listingDate: date('listing_date').notNull(),
  sharesOutstanding: bigint('shares_outstanding', { mode: 'number' }).notNull(),
  isDemo: boolean('is_demo').notNull().default(false),
});

/** End-of-day prices per ticker, in whole Rupiah. */
export const dailyPrices = pgTable(
  'daily_prices',
  {
    ticker: varchar('ticker', { length: 4 })
      .notNull()
      .references(() => emiten.ticker, { onDelete: 'cascade' }),
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
    ticker: varchar('ticker', { length: 4 })
      .notNull()
      .references(() => emiten.ticker, { onDelete: 'cascade' }),
    type: text('type').$type<CorporateActionType>().notNull(),
    cumDate: date('cum_date').notNull(),
    exDate: date('ex_date').notNull(),
    recordingDate: date('recording_date'),
    paymentDate: date('payment_date'),
    amount: numeric('amount', { precision: 14, scale: 4 }),
    ratioFrom: integer('ratio_from'),
    ratioTo: integer('ratio_to'),
    note: text('note'),
  },
  (t) => [unique('corporate_actions_natural_key').on(t.ticker, t.type, t.exDate)],
);

/** Fundamentals per quarter; flows (revenue, net income) are for the quarter alone, equity at its end. */
export const fundamentals = pgTable(
  'fundamentals',
  {
    ticker: varchar('ticker', { length: 4 })
      .notNull()
      .references(() => emiten.ticker, { onDelete: 'cascade' }),
    periodEnd: date('period_end').notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
    netIncome: bigint('net_income', { mode: 'number' }).notNull(),
    equity: bigint('equity', { mode: 'number' }).notNull(),
    eps: numeric('eps', { precision: 14, scale: 4 }).notNull(),
    bvps: numeric('bvps', { precision: 14, scale: 4 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticker, t.periodEnd] })],
);

/** Small key/value facts about this installation (e.g. that it holds demo data). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
