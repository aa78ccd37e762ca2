/**
 * Market indexes Telaah stores (table `index_prices`) and members may compare a portfolio against.
 * Files and feeds may name an index by any of its aliases; it is stored under its code.
 */
export interface MarketIndex {
  /** The code rows are stored under. */
  code: string;
  /** What members read. */
  label: string;
  /** Upper-case names a file or feed may use for it, the code included. */
  aliases: readonly string[];
}

/** The IHSG (Jakarta Composite Index). */
export const IHSG_CODE = 'COMPOSITE';

export const MARKET_INDEXES: readonly MarketIndex[] = [
  { code: IHSG_CODE, label: 'IHSG', aliases: ['COMPOSITE', 'IHSG'] },
  { code: 'LQ45', label: 'LQ45', aliases: ['LQ45'] },
  { code: 'IDX30', label: 'IDX30', aliases: ['IDX30'] },
  { code: 'JII', label: 'JII (Syariah)', aliases: ['JII'] },
];

const BY_ALIAS = new Map(MARKET_INDEXES.flatMap((i) => i.aliases.map((a) => [a, i.code] as const)));

/** The stored code of the index `name` denotes (any case), or undefined when it is no index. */
export function indexCode(name: string): string | undefined {
  return BY_ALIAS.get(name.trim().toUpperCase());
}

/**
 * Indexes whose constituents Telaah imports (docs/product.md §5.8), with the most members a period may have.
 * A period's list starts on its effective date and lasts until the next period of the same index starts.
 */
export const CONSTITUENT_INDEXES = ['LQ45', 'IDX30', 'JII'] as const;
export type ConstituentIndex = (typeof CONSTITUENT_INDEXES)[number];
export const CONSTITUENT_MAX: Record<ConstituentIndex, number> = { LQ45: 45, IDX30: 30, JII: 30 };

/** The constituent index `name` denotes (any case), or undefined. */
export function constituentIndex(name: string): ConstituentIndex | undefined {
  const code = indexCode(name);
  return (CONSTITUENT_INDEXES as readonly string[]).includes(code ?? '') ? (code as ConstituentIndex) : undefined;
}
