/**
 * The price chart of an emiten page, without a UI framework so that a research page ships no React:
 * the markup (range buttons, box, caption, legend) is rendered on the server by PriceChart.astro; this
 * script loads the bars from the public `/api/emiten/{ticker}/harga` endpoint and the chart library
 * (price-chart-draw.ts, a chunk of its own) only once the chart comes into view, then draws the chosen
 * range (1B/3B/1T/3T/5T) and says in words what it shows. Bars are restated in today's share count.
 */
import type { ChartTarget } from '../../lib/island-props';
import { DEFAULT_RANGE, rangeLabel, sliceRange, type RangeKey } from './chart-range';
import { formatPercent, formatRupiah, formatShortDate } from '../../lib/format';
import { reportIslandError } from '../ui/island-errors';
import { alertElement } from '../ui/alert-box';
import type { Bar, PriceChartHandle } from './price-chart-draw';

async function loadBars(ticker: string): Promise<Bar[]> {
  const r = await fetch(`/api/emiten/${ticker}/harga`);
  if (!r.ok) throw new Error(`HTTP ${r.status}`);
  const body = (await r.json()) as { bars: [string, number, number, number, number, number][] };
  return body.bars.map(([date, , , , close, volume]) => ({ date, close, volume }));
}

function mount(root: HTMLElement): void {
  const ticker = root.dataset.ticker ?? '';
  const targets = JSON.parse(root.dataset.targets ?? '[]') as ChartTarget[];
  const box = root.querySelector<HTMLElement>('.chart-box')!;
  const caption = root.querySelector<HTMLElement>('.chart-caption')!;
  const change = root.querySelector<HTMLElement>('.chart-change')!;
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('button[data-range]')];
  let range: RangeKey = DEFAULT_RANGE;
  let bars: Bar[] | null = null;
  let chart: PriceChartHandle | null = null;

  const render = () => {
    for (const b of buttons) b.setAttribute('aria-pressed', String(b.dataset.range === range));
    if (!bars) return;
    const shown = sliceRange(bars, range);
    chart?.show(shown, targets);
    const first = shown[0];
    const last = shown.at(-1);
    const ratio = first && last ? last.close / first.close - 1 : null;
    change.hidden = ratio === null;
    if (ratio !== null) {
      change.textContent = formatPercent(ratio, { sign: true });
      change.className = `chart-change num ${ratio >= 0 ? 'up' : 'down'}`;
    }
    const label = last ? rangeLabel(bars[0]?.date, last.date, range) : null;
    caption.textContent =
      first && last && ratio !== null
        ? `Harga ${ticker} ${label ? `${label} terakhir` : `sejak ${formatShortDate(first.date)} (data yang tersedia)`}: dari ${formatRupiah(first.close)} (${formatShortDate(first.date)}) ke ${formatRupiah(last.close)} (${formatShortDate(last.date)}), ${formatPercent(ratio, { sign: true })}.`
        : '';
  };

  for (const b of buttons) {
    b.addEventListener('click', () => {
      range = b.dataset.range as RangeKey;
      render();
    });
  }

  const start = async () => {
    try {
      const [loaded, draw] = await Promise.all([loadBars(ticker), import('./price-chart-draw')]);
      bars = loaded;
      box.replaceChildren();
      chart = draw.createPriceChart(box);
      box.dataset.ready = 'true';
      render();
    } catch (error) {
      reportIslandError(error);
      box.replaceWith(alertElement('error', 'Grafik harga tidak dapat dimuat. Muat ulang halaman untuk mencoba lagi.'));
    }
  };

  const seen = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    seen.disconnect();
    void start();
  });
  seen.observe(box);
}

/** Mounts every price chart on the page. */
export function mountPriceCharts(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-price-chart]')) mount(root);
}
