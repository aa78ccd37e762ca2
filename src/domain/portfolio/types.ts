/**
 * Input and output shapes of the portfolio engine (docs/product.md §5). Amounts are whole Rupiah integers;
 * per-share values (prices, average price, dividend per share) may carry decimals.
 */

/** A calendar date as `YYYY-MM-DD` (an IDX trading date, Asia/Jakarta). */
export type IsoDate = string;

export type TransactionType = 'buy' | 'sell' | 'dividend';

/**
 * One recorded transaction. `shares` is a whole positive number; `price` is Rupiah per share
 * (a manual `dividend` entry records cash received: gross = shares × price); `fee` is whole Rupiah.
 */
export interface Transaction {
  id: string;
  portfolioId: string;
  date: IsoDate;
  ticker: string;
  type: TransactionType;
  shares: number;
  price: number;
  fee: number;
}

/** One daily close in Rupiah (index points for the IHSG). */
export interface DailyClose {
  date: IsoDate;
  close: number;
}

/** Daily closes per ticker, each list sorted by date ascending. */
export type PriceHistory = ReadonlyMap<string, readonly DailyClose[]>;

export type CorporateActionType = 'dividend' | 'split' | 'reverse_split' | 'bonus' | 'rights';

/**
 * A corporate action. `amount` is the cash dividend per share (decimals allowed, as a string to keep
 * them exact). `ratioFrom:ratioTo` is old:new shares for splits and reverse splits (1:5, 10:1) and
 * held:new for bonus shares (10:1 = one new share per ten held, rounded down).
 */
export interface CorporateAction {
  ticker: string;
  type: CorporateActionType;
  cumDate: IsoDate;
  exDate: IsoDate;
  paymentDate?: IsoDate | null;
  amount?: string | number | null;
  ratioFrom?: number | null;
  ratioTo?: number | null;
}

/** Per-portfolio settings. The engine uses recorded fees; the bps rates are for filling `fee` at entry. */
export interface PortfolioSettings {
  buyBps: number;
  sellBps: number;
  dividendTaxPct: 0 | 10;
  feesInAverage: boolean;
}

/** Everything `computePortfolio` needs; nothing is fetched. */
export interface EngineInput {
  transactions: readonly Transaction[];
  prices: PriceHistory;
  /** IHSG (`COMPOSITE`) closes, sorted by date ascending; may be empty. */
  ihsg: readonly DailyClose[];
  corporateActions: readonly CorporateAction[];
  /** Settings per portfolio id; a portfolio without an entry gets `DEFAULT_PORTFOLIO_SETTINGS`. */
  settings: ReadonlyMap<string, PortfolioSettings>;
  /** Sector per ticker; a ticker without an entry is reported under sector `null`. */
  sectors: ReadonlyMap<string, string>;
  /** Transactions and actions after this date are ignored; later dividends are reported as upcoming. */
  asOf: IsoDate;
}

/** One holding; `portfolioId` is null on combined rows (all portfolios of the input together). */
export interface Holding {
  portfolioId: string | null;
  ticker: string;
  sector: string | null;
  shares: number;
  /** Whole lots of 100 shares, and the odd shares beyond them. */
  lots: number;
  oddShares: number;
  /** Remaining cost ÷ shares, unrounded (display value; amounts never derive from it). */
  averagePrice: number;
  remainingCost: number;
  lastClose: number | null;
  lastCloseDate: IsoDate | null;
  /** Close in force on the valuation day before the last one; null without one. */
  previousClose: number | null;
  /**
   * Change "today": shares × (last close − previous close), and that price change ÷ previous close;
   * null without both closes. A ticker without a trade on the last day changes by zero.
   */
  dayChange: number | null;
  dayChangePct: number | null;
  /** shares × last close; remaining cost while the ticker has no close yet. */
  marketValue: number;
  unrealised: number;
  /** Unrealised ÷ remaining cost; null when the cost is zero. */
  unrealisedPct: number | null;
  /** Share of the market value of its portfolio (combined rows: of all portfolios). */
  weight: number;
}

/** The outcome of one sell. realised = proceeds − costRemoved, proceeds = shares × price − fee. */
export interface RealisedSell {
  transactionId: string;
  portfolioId: string;
  ticker: string;
  date: IsoDate;
  shares: number;
  price: number;
  fee: number;
  proceeds: number;
  costRemoved: number;
  realised: number;
}

/** Realised P/L: the sum over sells, minus buy fees booked as expenses (fees kept out of the average). */
export interface RealisedTotals {
  portfolioId: string | null;
  sells: number;
  expensedBuyFees: number;
  total: number;
}

export type DividendStatus = 'received' | 'upcoming';

/** One dividend to one portfolio. net = gross − tax. */
export interface DividendRecord {
  source: 'corporate_action' | 'manual';
  transactionId: string | null;
  portfolioId: string;
  ticker: string;
  cumDate: IsoDate | null;
  exDate: IsoDate | null;
  paymentDate: IsoDate | null;
  shares: number;
  /** Dividend per share as an exact decimal string. */
  amountPerShare: string;
  gross: number;
  tax: number;
  net: number;
  status: DividendStatus;
  /** True when the cum date is after the as-of date: shares are those held at the as-of date. */
  estimated: boolean;
}

export interface DividendYearTotal {
  year: number;
  gross: number;
  tax: number;
  net: number;
}

export interface DividendReport {
  records: DividendRecord[];
  received: { gross: number; tax: number; net: number };
  upcoming: { gross: number; tax: number; net: number };
  /** Received dividends per payment year, ascending. */
  byYear: DividendYearTotal[];
  /** Net dividends received in the 365 days up to the as-of date ÷ remaining cost; null without cost. */
  yieldOnCost: number | null;
}

/**
 * The portfolio on one valuation day. `value` is market value plus net dividends entitled but not yet
 * paid (from the ex date, when the price drops, to the payment date). Flows are seen from the
 * portfolio: inflow = buys (value + fee), outflow = sell proceeds and dividends paid out.
 */
export interface ValuePoint {
  date: IsoDate;
  value: number;
  inflow: number;
  outflow: number;
  netFlow: number;
  cost: number;
  /** The day's time-weighted sub-period return; null when nothing was invested that day. */
  dailyReturn: number | null;
}

export interface ComparisonPoint {
  date: IsoDate;
  /** Time-weighted index, 1 just before the first day. */
  portfolio: number;
  /** IHSG close ÷ the IHSG close before the first day; null without IHSG data. */
  ihsg: number | null;
}

export interface Drawdown {
  /** Fall from the peak as a positive fraction (0.25 = −25 %). */
  depth: number;
  /** The day of the peak; null when the peak is the start (the index fell from its first day). */
  peakDate: IsoDate | null;
  troughDate: IsoDate;
}

export interface PerformanceReport {
  startDate: IsoDate | null;
  endDate: IsoDate | null;
  timeWeightedReturn: number | null;
  /** Annualised time-weighted return; null for periods under a year (not extrapolated). */
  annualisedReturn: number | null;
  xirr: number | null;
  maxDrawdown: Drawdown | null;
  volatility: number | null;
  ihsgReturn: number | null;
  comparison: ComparisonPoint[];
}

export interface AllocationSlice {
  key: string | null;
  marketValue: number;
  weight: number;
}

export interface PortfolioSummary {
  marketValue: number;
  remainingCost: number;
  unrealised: number;
  realised: number;
  dividendsNet: number;
  /** realised + unrealised + net dividends received. */
  totalReturn: number;
  /** Everything put in: buy values plus buy fees. */
  totalInvested: number;
  /** totalReturn ÷ totalInvested; null before any buy. */
  simpleGainOnCost: number | null;
  /** Sum of the holdings' day changes, and that ÷ their value at the previous close; null when none has one. */
  dayChange: number | null;
  dayChangePct: number | null;
}

/** A sell of more shares than were held on its date: which sell, and how many shares were held just before it. */
export interface Oversell {
  transactionId: string;
  portfolioId: string;
  date: IsoDate;
  ticker: string;
  shares: number;
  held: number;
}

export type EngineIssue =
  | ({ kind: 'oversell' } & Oversell)
  /** A manual dividend the corporate-action data already pays to the portfolio: ignored, not counted twice. */
  | { kind: 'duplicate_dividend'; transactionId: string; portfolioId: string; ticker: string; date: IsoDate }
  | { kind: 'invalid_action'; ticker: string; type: CorporateActionType; exDate: IsoDate; reason: string };

/** Everything the portfolio pages show, as of `asOf`. */
export interface PortfolioReport {
  asOf: IsoDate;
  holdings: { byPortfolio: Holding[]; combined: Holding[] };
  realised: { sells: RealisedSell[]; byPortfolio: RealisedTotals[]; total: RealisedTotals };
  dividends: DividendReport;
  series: ValuePoint[];
  performance: PerformanceReport;
  allocation: { bySector: AllocationSlice[]; byStock: AllocationSlice[] };
  summary: PortfolioSummary;
  /** Data problems met on the way (a sell beyond holdings, an unusable action); the report still stands. */
  issues: EngineIssue[];
}
