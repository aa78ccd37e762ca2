/**
 * A simple discounted-cash-flow model per share: free cash flow grows at `growth` for `years`, then at
 * `terminalGrowth` forever (Gordon growth). Pure; used on the server and in the reader's calculator.
 */
export interface DcfInput {
  /** Free cash flow per share in the base year (Rupiah). */
  fcfPerShare: number;
  /** Yearly growth during the explicit years, as a ratio (0.07 = 7 %). */
  growth: number;
  years: number;
  /** Discount rate (cost of equity), as a ratio. */
  discountRate: number;
  terminalGrowth: number;
}

export interface DcfYear {
  year: number;
  fcf: number;
  presentValue: number;
}

export interface DcfResult {
  rows: DcfYear[];
  /** Sum of the present values of the explicit years. */
  explicitValue: number;
  /** Value at the end of the last explicit year of all later cash flows, and its present value. */
  terminalValue: number;
  terminalPresentValue: number;
  /** Fair value per share = explicit + terminal present values. */
  value: number;
}

/** Which input is unusable, with the reason in Indonesian for the reader. */
export class DcfError extends Error {
  constructor(
    readonly field: keyof DcfInput,
    message: string,
  ) {
    super(message);
    this.name = 'DcfError';
  }
}

/** Checks the inputs a reader can type; throws a DcfError naming the first unusable one. */
function checkDcfInput(i: DcfInput): void {
  const finite = (k: keyof DcfInput, label: string) => {
    if (!Number.isFinite(i[k])) throw new DcfError(k, `${label} harus berupa angka, misalnya 7,5.`);
  };
  finite('fcfPerShare', 'Arus kas bebas per saham');
  finite('growth', 'Pertumbuhan');
  finite('years', 'Jumlah tahun');
  finite('discountRate', 'Tingkat diskonto');
  finite('terminalGrowth', 'Pertumbuhan terminal');
  if (i.fcfPerShare <= 0) throw new DcfError('fcfPerShare', 'Arus kas bebas per saham harus lebih dari 0.');
  if (!Number.isInteger(i.years) || i.years < 1 || i.years > 30)
    throw new DcfError('years', 'Jumlah tahun harus bilangan bulat 1–30.');
  if (i.growth <= -1 || i.growth > 1) throw new DcfError('growth', 'Pertumbuhan harus antara −100 % dan 100 %.');
  if (i.discountRate <= 0 || i.discountRate > 1)
    throw new DcfError('discountRate', 'Tingkat diskonto harus antara 0 % dan 100 %.');
  if (i.terminalGrowth >= i.discountRate) {
    throw new DcfError('terminalGrowth', 'Pertumbuhan terminal harus lebih kecil dari tingkat diskonto.');
  }
}

/**
 * FCF_t = FCF_0 × (1 + g)^t, PV_t = FCF_t / (1 + r)^t for t = 1…N; terminal value TV = FCF_N × (1 + g_T) /
 * (r − g_T), discounted N years. Throws a DcfError on unusable inputs.
 */
export function dcf(input: DcfInput): DcfResult {
  checkDcfInput(input);
  const { fcfPerShare, growth, years, discountRate: r, terminalGrowth } = input;
  const rows: DcfYear[] = [];
  let fcf = fcfPerShare;
  for (let year = 1; year <= years; year++) {
    fcf *= 1 + growth;
    rows.push({ year, fcf, presentValue: fcf / (1 + r) ** year });
  }
  const explicitValue = rows.reduce((s, row) => s + row.presentValue, 0);
  const terminalValue = (fcf * (1 + terminalGrowth)) / (r - terminalGrowth);
  const terminalPresentValue = terminalValue / (1 + r) ** years;
  return { rows, explicitValue, terminalValue, terminalPresentValue, value: explicitValue + terminalPresentValue };
}
