/**
 * `npm run bench:soak`: the embedded server's memory over a long stretch of mixed use (issue 29: RSS
 * ≤ 350 MB after an hour). Needs the build (`npm run build`) and the embedded data folder `npm run
 * bench:web` caches for the same `--emiten`/`--years` (`.bench/data-…`); copies it, adds the bench member
 * (2 000 transactions over 60 tickers) and `--members` members with empty portfolios, starts the server
 * as `npm start` does, and for `--minutes` sends, every second: `--rate` requests spread over signed-in
 * pages (each member's holdings, performance and dividend pages and APIs, research pages signed in) and
 * anonymous research pages of tickers taken in turn across the whole market, and every `--write-every`
 * seconds a member records a transaction (their pages, reports and versions change). Prints the server's
 * RSS every minute and its own account of its memory (`kill -USR2`) at the start and the end.
 *
 *   npm run bench:soak -- [--emiten 950] [--years 10] [--minutes 60] [--rate 20] [--members 20] [--write-every 3]
 */
import './lib/env';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/client';
import { emiten } from '../src/server/db/schema';
import { addMember, addWriters } from './lib/bench-member';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './lib/server-flags.mjs';

const { values: opts } = parseArgs({
  options: {
    emiten: { type: 'string', default: '950' },
    years: { type: 'string', default: '10' },
    minutes: { type: 'string', default: '60' },
    rate: { type: 'string', default: '20' },
    members: { type: 'string', default: '20' },
    'write-every': { type: 'string', default: '3' },
  },
});
const PORT = Number(process.env.BENCH_PORT ?? 4392);
const BASE = `http://127.0.0.1:${PORT}`;
const AUTH_SECRET = 'bench-soak-secret-not-for-production-0123456789';

const rssMb = (pid: number) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

async function memoryLine(server: ChildProcess, out: () => string): Promise<string> {
  const before = out().length;
  server.kill('SIGUSR2');
  for (let i = 0; i < 50; i++) {
    const line = out()
      .slice(before)
      .split('\n')
      .find((l) => l.includes('"msg":"memory"'));
    if (line) {
      const m = JSON.parse(line) as Record<string, number>;
      return ['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers']
        .map((k) => `${k} ${Math.round(m[k]! / 2 ** 20)}`)
        .join(', ');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return '(no memory line)';
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(`${BASE}/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: BASE, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password, callbackUrl: '/' }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.includes('authjs.session-token'));
  if (!cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie.split(';')[0]!;
}

async function main(): Promise<void> {
  const cached = path.resolve('.bench', `data-${opts.emiten}x${opts.years}`);
  if (!existsSync(path.join(cached, 'pglite')))
    throw new Error(`${cached} is missing: run npm run bench:web -- --emiten ${opts.emiten} --years ${opts.years}`);
  if (!existsSync('dist/server/start.mjs')) throw new Error('dist/ is missing: run npm run build');
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'telaah-soak-')), 'data');
  cpSync(cached, dataDir, { recursive: true });
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    JOBS_INTERVAL_SECONDS: '0',
    LOG_LEVEL: 'error',
    DATABASE_URL: '',
    DATA_DIR: dataDir,
  };
  const member = await addMember(env);
  const writers = await addWriters(env, Number(opts.members));
  const handle = await openDatabase({ dataDir });
  const tickers = (await handle.db.select({ ticker: emiten.ticker }).from(emiten)).map((r) => r.ticker).sort();
  await handle.close();

  let out = '';
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/launch.mjs', 'start'], {
    env: {
      ...env,
      ...SERVER_ENV,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: BASE,
      AUTH_SECRET,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server.stdout!.on('data', (d) => (out += String(d)));
  try {
    for (let i = 0; i < 600 && !out.includes('Telaah is running'); i++) await new Promise((r) => setTimeout(r, 200));
    if (!out.includes('Telaah is running')) throw new Error(`the server did not start:\n${out}`);
    const startRss = rssMb(server.pid!);
    console.log(`Started: RSS ${startRss} MB; ${await memoryLine(server, () => out)}`);
    const cookies = [
      await signIn(member.email, member.password),
      ...(await Promise.all(writers.map((w) => signIn(w.email, w.password)))),
    ];
    const memberPaths = [
      '/portofolio/all',
      '/portofolio/metrics',
      '/portofolio/dividen',
      '/api/portfolio/holdings',
      '/api/portfolio/dividends',
      '/analisis',
    ];
    let n = 0;
    let errors = 0;
    let requests = 0;
    let writes = 0;
    const get = async (p: string, cookie?: string) => {
      requests++;
      const res = await fetch(`${BASE}${p}`, {
        headers: { ...(cookie ? { cookie } : {}), 'accept-encoding': n % 2 ? 'br, gzip' : '' },
        redirect: 'manual',
      });
      await res.arrayBuffer();
      if (res.status >= 400) errors++;
    };
    const write = async (i: number) => {
      const ticker = tickers[(i * 7) % tickers.length]!;
      const bars = (await (await fetch(`${BASE}/api/emiten/${ticker}/harga`)).json()) as { bars: [string][] };
      const date = bars.bars.at(-1)?.[0];
      if (!date) return;
      const res = await fetch(`${BASE}/api/portfolio/transactions`, {
        method: 'POST',
        headers: { cookie: cookies[1 + (i % writers.length)]!, origin: BASE, 'content-type': 'application/json' },
        body: JSON.stringify({ ticker, date, type: 'buy', shares: 100, price: 1_000, priceConfirmed: '1' }),
      });
      await res.arrayBuffer();
      if (res.status === 201) writes++;
      else errors++;
    };
    const rate = Number(opts.rate);
    const writeEvery = Number(opts['write-every']);
    const minutes = Number(opts.minutes);
    console.log(`| minute | RSS MB | requests | writes | errors | load average |`);
    console.log('|---:|---:|---:|---:|---:|---|');
    const started = performance.now();
    let nextMinute = 1;
    for (let second = 0; second < minutes * 60; second++) {
      const tick = performance.now();
      const batch: Promise<void>[] = [];
      for (let k = 0; k < rate; k++, n++) {
        // Half signed in (the members' pages), half research pages of tickers taken in turn.
        if (k % 2 === 0) batch.push(get(memberPaths[n % memberPaths.length]!, cookies[n % cookies.length]));
        else {
          const t = tickers[n % tickers.length]!;
          const kind = n % 3;
          batch.push(
            get(kind === 0 ? `/analisis/${t}` : kind === 1 ? `/api/emiten/${t}/harga` : `/analisis?q=${t.slice(0, 2)}`),
          );
        }
      }
      if (second % writeEvery === 0) batch.push(write(second / writeEvery));
      await Promise.all(batch.map((b) => b.catch(() => void errors++)));
      if (performance.now() - started >= nextMinute * 60_000) {
        console.log(
          `| ${nextMinute} | ${rssMb(server.pid!)} | ${requests} | ${writes} | ${errors} | ${loadavg()
            .map((l) => l.toFixed(1))
            .join(' ')} |`,
        );
        nextMinute++;
      }
      await new Promise((r) => setTimeout(r, Math.max(0, 1_000 - (performance.now() - tick))));
    }
    console.log(`\nAfter ${minutes} min: RSS ${rssMb(server.pid!)} MB; ${await memoryLine(server, () => out)}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
