/**
 * Imports market data CSV files (docs/product.md §5): emiten, plain daily prices, the IDX "Ringkasan Saham"
 * export and corporate actions, in the order given. Each file is all-or-nothing; the first file with
 * errors stops the run. Exit code 0 when every file was imported, 1 otherwise.
 *
 *   npm run market:import -- [--kind emiten|prices|ringkasan|actions] [--date YYYY-MM-DD] file.csv […]
 *
 * The npm script runs it with V8's `--liftoff-only`: tiering PGlite's WebAssembly up to optimised code
 * briefly takes about 400 MB, a third of the peak memory of a market-scale import; the baseline code
 * costs a tenth to a quarter more CPU time instead (README, "Performance").
 */
import './lib/env';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { config } from '../src/server/config';
import { openDatabase, type Db } from '../src/server/db/client';
import {
  formatRowError,
  importMarketFile,
  IMPORT_KINDS,
  parseDate,
  type FileImportResult,
  type ImportKind,
} from '../src/server/services/market-import';
import { warnAnalysesWithoutEmiten } from '../src/server/services/analysis-coverage';

const USAGE =
  'Pemakaian: npm run market:import -- [--kind emiten|prices|ringkasan|actions] [--date YYYY-MM-DD] berkas.csv [berkas2.csv …]';

interface Cli {
  kind?: ImportKind;
  date?: string;
  files: string[];
}

/** Parses the command line; throws an Error with an Indonesian message on bad input. */
function parseCli(argv: string[]): Cli | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { kind: { type: 'string' }, date: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return 'help';
  const kind = values.kind as ImportKind | undefined;
  if (kind && !IMPORT_KINDS.includes(kind)) {
    throw new Error(`Opsi --kind harus salah satu dari: ${IMPORT_KINDS.join(', ')}`);
  }
  const date = values.date === undefined ? undefined : parseDate(values.date);
  if (values.date !== undefined && !date) throw new Error(`Opsi --date "${values.date}" bukan tanggal YYYY-MM-DD`);
  if (!positionals.length) throw new Error('Sebutkan minimal satu berkas CSV');
  return { kind, date, files: positionals };
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
  try {
    const ok = await importFiles(handle.db, cli);
    await warnAnalysesWithoutEmiten(handle.db, (line) => console.warn(line));
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
