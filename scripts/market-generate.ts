/**
 * Writes a synthetic market (made-up emiten, prices, indexes, corporate actions, index constituents) in the
 * import formats:
 *
 *   npm run market:generate -- [--emiten 950] [--years 10] [--end YYYY-MM-DD] --out DIR
 *
 * Same options, same bytes. `--end` defaults to the last trading day before today (WIB, app clock).
 * The files stream to disk; memory stays at one stock's series. Import them in order with
 *   npm run market:import -- DIR/emiten.csv DIR/prices.csv DIR/indexes.csv DIR/actions.csv DIR/constituents.csv
 */
import './lib/env';
import { once } from 'node:events';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { now } from '../src/server/clock';
import { wibDate } from '../src/domain/dates';
import { parseDate } from '../src/domain/market-values';
import { previousTradingDay, tradingDayOnOrBefore } from '../src/server/demo/calendar';
import { UNIVERSE } from '../src/server/demo/universe';
import {
  actionLines,
  constituentLines,
  emitenLine,
  indexLines,
  marketShocks,
  stockLines,
  SYNTH_HEADERS,
  synthDays,
  synthEmiten,
  type SynthOptions,
} from './lib/market-synth';

const USAGE = 'Pemakaian: npm run market:generate -- [--emiten 950] [--years 10] [--end YYYY-MM-DD] --out FOLDER';

/** Writes lines to a file with backpressure, in chunks of about 1 MB. */
class LineWriter {
  private readonly stream;
  private buffer: string[] = [];
  private size = 0;
  lines = 0;

  constructor(file: string, header: string) {
    this.stream = createWriteStream(file, { encoding: 'utf8' });
    this.buffer.push(header);
  }

  async write(lines: readonly string[]): Promise<void> {
    for (const l of lines) {
      this.buffer.push(l);
      this.size += l.length;
    }
    this.lines += lines.length;
    if (this.size > 1 << 20) await this.flush();
  }

  private async flush(): Promise<void> {
    const chunk = `${this.buffer.join('\n')}\n`;
    this.buffer = [];
    this.size = 0;
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  async close(): Promise<void> {
    if (this.buffer.length) await this.flush();
    this.stream.end();
    await once(this.stream, 'finish');
  }
}

function positive(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`Opsi --${name} harus bilangan bulat 1–${max}`);
  return n;
}

function parseCli(argv: string[]): { opts: SynthOptions; out: string } | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      emiten: { type: 'string' },
      years: { type: 'string' },
      end: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (!values.out) throw new Error('Opsi --out (folder tujuan) wajib diisi');
  const end = values.end === undefined ? previousTradingDay(wibDate(now())) : parseDate(values.end);
  if (!end) throw new Error(`Opsi --end "${values.end}" bukan tanggal YYYY-MM-DD`);
  return {
    // 17 576 four-letter codes exist; leave room for the ones to avoid.
    opts: {
      emiten: positive('emiten', values.emiten, 950, 10_000),
      years: positive('years', values.years, 10, 40),
      end: tradingDayOnOrBefore(end),
    },
    out: values.out,
  };
}

/** Generates the four files into `out`; returns the row counts per file. */
export async function generateMarket(opts: SynthOptions, out: string): Promise<Record<string, number>> {
  mkdirSync(out, { recursive: true });
  const days = synthDays(opts);
  const market = marketShocks(days);
  const list = synthEmiten(
    opts,
    days,
    UNIVERSE.map((u) => u.ticker),
  );
  const file = (name: string) => path.join(out, name);

  const emiten = new LineWriter(file('emiten.csv'), SYNTH_HEADERS.emiten);
  await emiten.write(list.map(emitenLine));
  await emiten.close();

  const prices = new LineWriter(file('prices.csv'), SYNTH_HEADERS.prices);
  for (const e of list) await prices.write(stockLines(e, days, market));
  await prices.close();

  const indexes = new LineWriter(file('indexes.csv'), SYNTH_HEADERS.prices);
  await indexes.write(indexLines(days, market));
  await indexes.close();

  const actions = new LineWriter(file('actions.csv'), SYNTH_HEADERS.actions);
  await actions.write(actionLines(list, days));
  await actions.close();

  const constituents = new LineWriter(file('constituents.csv'), SYNTH_HEADERS.constituents);
  await constituents.write(constituentLines(list, opts.end));
  await constituents.close();

  return {
    emiten: emiten.lines,
    prices: prices.lines,
    indexes: indexes.lines,
    actions: actions.lines,
    constituents: constituents.lines,
  };
}

async function main(argv: string[]): Promise<number> {
  let cli: ReturnType<typeof parseCli>;
  try {
    cli = parseCli(argv);
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 1;
  }
  if (cli === 'help') {
    console.log(USAGE);
    return 0;
  }
  const started = performance.now();
  const counts = await generateMarket(cli.opts, cli.out);
  const ms = Math.round(performance.now() - started);
  console.log(
    `Data pasar SINTETIS (bukan data nyata) di ${cli.out}: ${counts.emiten} emiten, ${counts.prices} baris harga, ` +
      `${counts.indexes} baris indeks, ${counts.actions} aksi korporasi, ${counts.constituents} anggota indeks, sampai ${cli.opts.end} (${ms} ms)`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exitCode = 1;
    },
  );
}
