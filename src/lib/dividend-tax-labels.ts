/** The Indonesian words of dividend tax (docs/product.md §5.5), shared by pages, reports and notices. */
import type { DividendTaxChoice } from '../domain/portfolio';

/** The form value of the portfolio setting that applies a resident individual's rules by date. */
export const DIVIDEND_TAX_BY_DATE = 'menurut-tanggal';

export const DIVIDEND_CHOICE_LABEL: Record<DividendTaxChoice, string> = {
  reinvested: 'Diinvestasikan kembali',
  self_paid: 'PPh 10 % disetor sendiri',
  undecided: 'Belum ditentukan',
};
