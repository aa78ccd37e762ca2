/**
 * Dividend-tax reminders (docs/product.md §5.5): for a dividend received gross that the member has not
 * decided on, one notice seven days and one a day before its self-payment deadline and before its
 * investment deadline. A notice's subject names the dividend, the deadline and the lead, so each goes
 * out at most once (the `notices` unique key) even when a run is missed or repeated.
 */
import { daysBetween } from '../../../../domain/dates';
import { formatDate, formatRupiah } from '../../../../lib/format';
import type { NoticeDraft } from '../message';
import { channelsFor, type Recipient } from '../recipients';

/** A deadline of an undecided dividend, as the notice sources report it. */
export interface TaxDeadline {
  userId: string;
  portfolioId: string;
  /** The engine's dividend key within the portfolio. */
  dividendKey: string;
  ticker: string;
  paymentDate: string;
  gross: number;
  /** The 10 % due if nothing is reinvested. */
  due: number;
  kind: 'self_pay' | 'invest';
  deadline: string;
}

/**
 * The lead in days whose window `today` falls in for this deadline, or null outside both: a notice goes
 * out once inside each window (deadline − 7 … −2, and −1 … 0).
 */
function reminderLead(today: string, deadline: string): 7 | 1 | null {
  const left = daysBetween(today, deadline);
  if (left >= 0 && left <= 1) return 1;
  if (left > 1 && left <= 7) return 7;
  return null;
}

function lines(d: TaxDeadline, lead: 7 | 1): string[] {
  const when = lead === 1 ? 'besok atau hari ini' : `tanggal ${formatDate(d.deadline)}`;
  const head = `Dividen ${d.ticker} sebesar ${formatRupiah(d.gross)} yang Anda terima ${formatDate(d.paymentDate)} dibayar bruto dan statusnya belum ditentukan.`;
  if (d.kind === 'self_pay')
    return [
      head,
      `Jika tidak diinvestasikan kembali, PPh final 10 % (${formatRupiah(d.due)}) disetor sendiri paling lambat ${when} (${formatDate(d.deadline)}).`,
      'Sudah disetor atau akan diinvestasikan kembali? Catat statusnya agar pengingat berhenti.',
    ];
  return [
    head,
    `Batas menginvestasikan kembali dividen ini di Indonesia agar bebas pajak jatuh ${when} (${formatDate(d.deadline)}); investasinya ditahan paling singkat tiga tahun pajak.`,
    'Catat statusnya: diinvestasikan kembali, atau PPh 10 % disetor sendiri.',
  ];
}

export function dividendTaxDrafts(
  deadlines: readonly TaxDeadline[],
  recipients: readonly Recipient[],
  opts: { today: string; appUrl: string; telegram: boolean },
): NoticeDraft[] {
  const byUser = new Map(recipients.map((r) => [r.userId, r]));
  const drafts: NoticeDraft[] = [];
  for (const d of deadlines) {
    const lead = reminderLead(opts.today, d.deadline);
    const r = byUser.get(d.userId);
    if (lead === null || !r) continue;
    const channels = channelsFor(r, 'dividend-tax', opts.telegram);
    if (!channels.length) continue;
    const what = d.kind === 'self_pay' ? 'setor PPh' : 'investasi';
    drafts.push({
      recipient: r,
      event: 'dividend-tax',
      subject: `${d.portfolioId}:${d.dividendKey}:${d.kind}:${lead}`,
      channels,
      content: {
        title: `Batas ${what} dividen ${d.ticker}: ${formatDate(d.deadline)}`,
        lines: lines(d, lead),
        cta: {
          label: 'Atur pajak dividen',
          url: `${opts.appUrl}/portofolio/dividen/pajak?portofolio=${encodeURIComponent(d.portfolioId)}`,
        },
      },
    });
  }
  return drafts;
}
