/**
 * Imports market data CSV files (docs/product.md §5): emiten, plain daily prices, the IDX "Ringkasan Saham"
 * export, corporate actions, fundamentals and index constituents, in the order given. Each file is all-or-nothing; the first file with
 * errors stops the run. Exit code 0 when every file was imported, 1 otherwise.
 *
 *   npm run market:import -- [--kind emiten|prices|ringkasan|actions|warrants|fundamentals|constituents]  [--date YYYY-MM-DD] [--replace-demo|--keep-demo] file.csv […]
 *
 * While the demo market is loaded the import is refused; `--replace-demo` removes it (and the demo accounts'
 * sample portfolios) first and says so; `--keep-demo` writes beside it, into demo codes too (decision 0022).
 *
 * The npm script runs it with V8's `--liftoff-only`: tiering PGlite's WebAssembly up to optimised code
 * briefly takes about 400 MB, a third of the peak memory of a market-scale import; the baseline code
 * costs a tenth to a quarter more CPU time instead (docs/performance.md).
 */
import './lib/env';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { config } from '../src/server/config';
import { openDatabase, setProcessDatabase, type Db } from '../src/server/db/client';
import {
  formatRowError,
  importMarketFile,
  IMPORT_KINDS,
  parseDate,
  type FileImportResult,
  type ImportKind,
} from '../src/server/services/market-import';
import { offCalendarPriceDays, warnAnalysesWithoutEmiten } from '../src/server/services/market-import';
import { loadHolidayNames } from '../src/server/services/market-update';
import { demoMarketRefusal, replaceDemoMarket } from '../src/server/services/market-import';
import { jobContextFromConfig } from '../src/server/jobs/context';
import { describeAlertRun, runAlerts } from '../src/server/services/alerts';

const USAGE =
  'Pemakaian: npm run market:import -- [--kind emiten|prices|ringkasan|actions|warrants|fundamentals|constituents] [--date YYYY-MM-DD] [--replace-demo|--keep-demo] berkas.csv [berkas2.csv …]';

interface Cli {
  kind?: ImportKind;
  date?: string;
  demo: 'refuse' | 'replace' | 'keep';
  files: string[];
}

/** Parses the command line; throws an Error with an Indonesian message on bad input. */
function parseCli(argv: string[]): Cli | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      kind: { type: 'string' },
      date: { type: 'string' },
      'replace-demo': { type: 'boolean' },
      'keep-demo': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const kind = values.kind as ImportKind | undefined;
  if (kind && !IMPORT_KINDS.includes(kind)) {
    throw new Error(`Opsi --kind harus salah satu dari: ${IMPORT_KINDS.join(', ')}`);
  }
  const date = values.date === undefined ? undefined : parseDate(values.date);
  if (values.date !== undefined && !date) throw new Error(`Opsi --date "${values.date}" bukan tanggal YYYY-MM-DD`);
  if (!positionals.length) throw new Error('Sebutkan minimal satu berkas CSV');
  if (values['replace-demo'] && values['keep-demo'])
    throw new Error('Pilih salah satu: --replace-demo atau --keep-demo');
  const demo = values['replace-demo'] ? 'replace' : values['keep-demo'] ? 'keep' : 'refuse';
  return { kind, date, demo, files: positionals };
}

function summary(file: string, r: FileImportResult): string {
  const name = `${path.basename(file)} [${r.kind ?? 'tidak dikenal'}]`;
  const errors = r.errors.length + r.omittedErrors;
  if (errors) return `${name}: ${errors} kesalahan, tidak ada yang disimpan`;
  return `${name}: ${r.rows} baris — ${r.inserted} baru, ${r.updated} diperbarui, ${r.unchanged} tidak berubah`;
}

/** Imports the files in order, stopping at the first that fails; true when all were imported. */
async function importFiles(db: Db, cli: Cli): Promise<boolean> {
  for (const [i, file] of cli.files.entries()) {
    try {
      await access(file);
    } catch (err) {
      console.error(`${file}: tidak dapat dibaca (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
      return false;
    }
    const result = await importMarketFile(db, file, { kind: cli.kind, date: cli.date });
    if (!result.errors.length) {
      console.log(summary(file, result));
      continue;
    }
    console.error(summary(file, result));
    for (const e of result.errors) console.error(`  ${formatRowError(e)}`);
    if (result.omittedErrors) console.error(`  … dan ${result.omittedErrors} kesalahan lain`);
    const rest = cli.files.slice(i + 1);
    if (rest.length) console.error(`Berkas berikutnya tidak diproses: ${rest.join(', ')}`);
    return false;
  }
  return true;
}

/** Names, one line each, the days with prices that the trading calendar calls non-trading. */
async function warnOffCalendarDays(db: Db, holidaysFile: string): Promise<void> {
  for (const d of await offCalendarPriceDays(db, await loadHolidayNames(holidaysFile))) {
    console.warn(
      `Harga tanggal ${d.date} (${d.reason}): hari itu bukan hari bursa menurut kalender; harganya tetap disimpan dan hari itu dihitung hari bursa.`,
    );
  }
}

/** Refuses while a demo market is loaded, or removes it first when asked; true when the import may go on. */
async function demoMarketCleared(db: Db, replace: boolean): Promise<boolean> {
  if (!replace) {
    const refusal = await demoMarketRefusal(db);
    if (refusal) console.error(refusal);
    return refusal === null;
  }
  const r = await replaceDemoMarket(db);
  if (!r.ok) console.error(r.message);
  else if (r.emiten)
    console.log(
      `Pasar demo dihapus (${r.emiten} emiten demo dengan harga, aksi korporasi dan fundamentalnya; portofolio contoh akun demo).`,
    );
  return r.ok;
}

/** Alerts are evaluated as soon as a day's data lands (docs/product.md §10), imports included. */
async function evaluateAlerts(db: Db): Promise<string | null> {
  const ctx = await jobContextFromConfig(db);
  const settings = await ctx.marketUpdate().catch(() => null);
  const tg = ctx.telegram?.tg;
  const s = await runAlerts({
    db,
    now: ctx.now(),
    appUrl: ctx.appUrl,
    contentDir: ctx.contentDir,
    holidays: settings?.holidays ?? new Set(),
    senders: { mail: ctx.mail, telegram: tg ? (chatId, text) => tg.sendMessage(chatId, text) : null },
  });
  // Said only when alerts fired, so that imports without any stay as quiet as before.
  return s.notices ? describeAlertRun(s) : null;
}

async function main(argv: string[]): Promise<number> {
  let cli: Cli | 'help';
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
  const c = config();
  const handle = await openDatabase({ databaseUrl: c.DATABASE_URL, dataDir: c.DATA_DIR });
  // The alert run's Telegram sender reads the process' database: this handle, not a second one (on the
  // embedded database a second open of the data folder is refused).
  setProcessDatabase(handle);
  try {
    if (cli.demo !== 'keep' && !(await demoMarketCleared(handle.db, cli.demo === 'replace'))) return 1;
    const ok = await importFiles(handle.db, cli);
    await warnAnalysesWithoutEmiten(handle.db, (line) => console.warn(line));
    await warnOffCalendarDays(handle.db, c.MARKET_HOLIDAYS_FILE);
    if (ok) {
      const line = await evaluateAlerts(handle.db);
      if (line) console.log(line);
    }
    return ok ? 0 : 1;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    // DataDirLockedError, ConfigError and database failures: one line, no stack trace.
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  },
);
