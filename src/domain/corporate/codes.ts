/**
 * The codes under which IDX lists what a member can hold: shares (four letters, a fifth for
 * preferred shares such as MAMIP), rights (`BBTN-R`) and warrants (`JAYA-W`, a series digit after
 * the W): the kinds within the one code rule of `idx.ts` (`isStockCode` there accepts all three).
 */
const STOCK = /^[A-Z]{4}[A-Z]?$/;
const RIGHTS = /^[A-Z]{4}-R$/;
const WARRANT = /^[A-Z]{4}-W\d?$/;

/** A share code as IDX writes it. */
export function isStockCode(code: string): boolean {
  return STOCK.test(code);
}

/** A warrant code (`XXXX-W`, `XXXX-W2`). */
export function isWarrantCode(code: string): boolean {
  return WARRANT.test(code);
}

/** A rights code (`XXXX-R`). */
export function isRightsCode(code: string): boolean {
  return RIGHTS.test(code);
}

/** Any code a transaction may carry: a share or a warrant (rights are recorded against their company). */
export function isHoldableCode(code: string): boolean {
  return isStockCode(code) || isWarrantCode(code);
}

/** The company code a rights or warrant code belongs to; the code itself for a share. */
export function companyOf(code: string): string {
  const dash = code.indexOf('-');
  return dash === -1 ? code : code.slice(0, dash);
}
