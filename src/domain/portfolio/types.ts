/**
 * Input and output shapes of the portfolio engine (docs/product.md §5). Amounts are whole Rupiah integers;
 * per-share values (prices, average price, dividend per share) may carry decimals.
 */

/** A calendar date as `YYYY-MM-DD` (an IDX trading date, Asia/Jakarta). */
export type IsoDate = string;

/**
 * `buy`, `sell` and `dividend`, and the corporate-action kinds of docs/product.md §5.6: rights
 * exercised (new shares at the exercise price), sold (per right) or lapsed (price 0) against the
 * company's code; a warrant exercised into or expired (price 0) under its own code; a tender offer
 * or buy-back taken up (a sell at the offer price).
 */
export type TransactionType =
  | 'buy'
  | 'sell'
  | 'dividend'
  | 'rights_exercise'
  | 'rights_sale'
  | 'rights_lapse'
  | 'warrant_exercise'
  | 'warrant_expiry'
  | 'tender';

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
  /** `warrant_exercise` only: the company code the warrants convert into, and the shares received. */
  underlying?: string;
  sharesReceived?: number;
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
  /** The recording date (KSEI's list of holders); when absent, taken as two weekdays after `cumDate`. */
  recordingDate?: IsoDate | null;
  amount?: string | number | null;
  ratioFrom?: number | null;
  ratioTo?: number | null;
}

/**
 * How a portfolio's cash dividends are taxed (docs/product.md §5.5): `by_date` for a resident individual
 * (10 % final withheld for recording dates before 1 March 2021, received gross from then on with the
 * member's choice per dividend); `fixed` keeps `dividendTaxPct` withheld from every dividend.
 */
export type DividendTaxRule = 'by_date' | 'fixed';

/** Per-portfolio settings. The engine uses recorded fees; the bps rates are for filling `fee` at entry. */
export interface PortfolioSettings {
  buyBps: number;
  sellBps: number;
  dividendTaxPct: 0 | 10;
  /** Absent: `fixed` (the engine's own default); stored portfolios always carry it. */
  dividendTaxRule?: DividendTaxRule;
  feesInAverage: boolean;
}

/** The member's choice for one dividend received gross. */
export type DividendTaxChoice = 'reinvested' | 'self_paid' | 'undecided';

export interface DividendDecision {
  choice: DividendTaxChoice;
  /** The day the 10 % was paid (self_paid only). */
  paidDate: IsoDate | null;
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
  /** The member's choices per dividend, by `dividendKey(portfolioId, key)`; absent: undecided. */
  dividendDecisions?: ReadonlyMap<string, DividendDecision>;
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
  /** Set on a sale of rights (HMETD): shares are rights, and they carried no cost. */
  instrument?: 'rights';
}

/** Realised P/L: the sum over sells, minus buy fees booked as expenses (fees kept out of the average). */
export interface RealisedTotals {
  portfolioId: string | null;
  sells: number;
  expensedBuyFees: number;
  total: number;
}

export type DividendStatus = 'received' | 'upcoming';

/**
 * How one dividend was taxed: `withheld` (10 % final taken before payment: recording date before
 * 1 March 2021), `fixed` (the portfolio's fixed rate), `gross` (received whole; the member reinvests
 * or pays the 10 % themselves).
 */
export type DividendTaxTreatment = 'withheld' | 'fixed' | 'gross';

/** One investment (an IDX buy) covering part of a reinvested dividend. */
export interface DividendCoverage {
  transactionId: string;
  ticker: string;
  date: IsoDate;
  /** Rupiah of the dividend this buy covers. */
  amount: number;
  /** Shares of the buy that carry the coverage (amount ÷ price, rounded up, at most the buy's shares). */
  shares: number;
}

/** The tax position of a dividend received gross (docs/product.md §5.5). */
export interface DividendTaxDetail {
  choice: DividendTaxChoice;
  paidDate: IsoDate | null;
  /** The 10 % of the uncovered part is due by this day: the 15th of the month after payment. */
  selfPayDeadline: IsoDate;
  /** Reinvestment must be made by this day: the end of March after the tax year of receipt. */
  investDeadline: IsoDate;
  /** The investment must be held through this day: the end of the third tax year from receipt. */
  holdUntil: IsoDate;
  /** Rupiah covered by investments (reinvested only), at most gross. */
  covered: number;
  coverage: DividendCoverage[];
  /** Tax not yet paid: 10 % of what is neither covered nor paid (0 when paid or fully covered). */
  due: number;
  /** Covering shares sold before `holdUntil`: the exemption would be lost. */
  flagged: boolean;
}

/** One dividend to one portfolio. net = gross − tax. */
export interface DividendRecord {
  source: 'corporate_action' | 'manual';
  /** Identifies the dividend within its portfolio: `ca:TICKER:cumDate` or `tx:transactionId`. */
  key: string;
  recordingDate: IsoDate | null;
  treatment: DividendTaxTreatment;
  /** For `gross` dividends that are received: the member's choice, deadlines and coverage. */
  taxDetail: DividendTaxDetail | null;
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
  /** Tax actually taken or paid: withheld, the fixed rate, or the 10 % the member paid themselves. */
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
  /** IHSG close ÷ the IHSG close before the first day; null without IHSG data (also after its last close). */
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
  /**
   * The benchmark's last close when its data ends before the series does: its line and return stop there,
   * never held flat past it; null when it runs to the end.
   */
  benchmarkEnd: IsoDate | null;
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
  /**
   * Net dividends the member is entitled to (held at the end of the cum date) and not yet paid: counted
   * in the portfolio's value from the cum date, as Kinerja does (docs/product.md §10.4).
   */
  dividendsReceivable: number;
  /** realised + unrealised + net dividends received + net dividends receivable. */
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
