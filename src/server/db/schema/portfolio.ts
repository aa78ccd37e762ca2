import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { generatedId } from './columns';
import { memberRef } from './accounts';
import { emiten } from './market';
import { STOCK_CODE_MAX_LENGTH } from '../../../domain/idx';

export const TRANSACTION_TYPES = [
  'buy',
  'sell',
  'dividend',
  'rights_exercise',
  'rights_sale',
  'rights_lapse',
  'warrant_exercise',
  'warrant_expiry',
  'tender',
] as const;
export type TransactionTypeDb = (typeof TRANSACTION_TYPES)[number];

/**
 * A member's portfolio (e.g. one per broker account) with its own fee rates in basis points
 * (15 = 0,15 %), how its dividends are taxed (`by_date`: a resident individual's rules by recording
 * date; `fixed`: `dividend_tax_pct`, 0 or 10 %, from every dividend) and whether fees enter the average.
 */
export const portfolios = pgTable(
  'portfolios',
  {
    id: generatedId(),
    userId: memberRef(),
    name: text('name').notNull(),
    buyBps: integer('buy_bps').notNull().default(15),
    sellBps: integer('sell_bps').notNull().default(25),
    dividendTaxPct: integer('dividend_tax_pct').notNull().default(10),
    dividendTaxRule: text('dividend_tax_rule').$type<'by_date' | 'fixed'>().notNull().default('by_date'),
    feesInAverage: boolean('fees_in_average').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('portfolios_user_name').on(t.userId, t.name),
    check('portfolios_fee_range', sql`${t.buyBps} between 0 and 1000 and ${t.sellBps} between 0 and 1000`),
    check('portfolios_dividend_tax', sql`${t.dividendTaxPct} in (0, 10)`),
    check('portfolios_dividend_tax_rule', sql`${t.dividendTaxRule} in ('by_date', 'fixed')`),
  ],
);

/** One CSV file imported into a portfolio, keyed by the hash of its normalised rows: a file imports once. */
export const portfolioImports = pgTable(
  'portfolio_imports',
  {
    id: generatedId(),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    fileHash: text('file_hash').notNull(),
    fileName: text('file_name'),
    rowCount: integer('row_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('portfolio_imports_file').on(t.portfolioId, t.fileHash)],
);

/**
 * Buys, sells and manual dividends. `seq` keeps entry order within a day. `price` is Rupiah per share
 * (manual dividend: per-share amount); `fee` whole Rupiah. The ticker refuses deletion of its emiten
 * (ON DELETE RESTRICT), so a market reload can never silently remove a member's trades.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: generatedId(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    ticker: varchar('ticker', { length: STOCK_CODE_MAX_LENGTH })
      .notNull()
      .references(() => emiten.ticker, { onDelete: 'restrict', onUpdate: 'cascade' }),
    type: text('type').$type<TransactionTypeDb>().notNull(),
    shares: bigint('shares', { mode: 'number' }).notNull(),
    price: numeric('price', { precision: 14, scale: 4 }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    importId: uuid('import_id').references(() => portfolioImports.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transactions_portfolio_idx').on(t.portfolioId, t.date, t.seq),
    index('transactions_ticker_idx').on(t.ticker),
    index('transactions_import_idx').on(t.importId),
    check(
      'transactions_type',
      sql`${t.type} in ('buy', 'sell', 'dividend', 'rights_exercise', 'rights_sale', 'rights_lapse', 'warrant_exercise', 'warrant_expiry', 'tender')`,
    ),
    // Lapsed rights and expired warrants carry price 0; every other kind a positive price.
    check(
      'transactions_positive',
      sql`${t.shares} > 0 and ${t.fee} >= 0 and (${t.price} > 0 or (${t.price} = 0 and ${t.type} in ('rights_lapse', 'warrant_expiry')))`,
    ),
  ],
);

export const DIVIDEND_TAX_CHOICES = ['reinvested', 'self_paid', 'undecided'] as const;

/**
 * The member's choice for one dividend received gross (docs/product.md §5.5), keyed by portfolio and
 * the engine's dividend key (`ca:TICKER:cumDate` or `tx:transactionId`). No row: undecided.
 */
export const dividendTaxDecisions = pgTable(
  'dividend_tax_decisions',
  {
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    dividendKey: text('dividend_key').notNull(),
    choice: text('choice').$type<(typeof DIVIDEND_TAX_CHOICES)[number]>().notNull(),
    paidDate: date('paid_date'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('dividend_tax_decisions_key').on(t.portfolioId, t.dividendKey),
    check('dividend_tax_decisions_choice', sql`${t.choice} in ('reinvested', 'self_paid', 'undecided')`),
    check('dividend_tax_decisions_paid', sql`(${t.choice} = 'self_paid') = (${t.paidDate} is not null)`),
  ],
);

/**
 * Each member's data version: bumped in the transaction of every write to their portfolios and
 * transactions, by triggers (migration `member-versions`), so no write path can forget it. Caches of
 * their reports and pages are kept under it (docs/decisions/0044-exact-data-versions.md). No foreign
 * key: the triggers also fire while the user's rows are deleted with them.
 */
export const memberVersions = pgTable('member_versions', {
  userId: uuid('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
