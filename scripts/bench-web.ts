/**
 * `npm run bench:web`: serving figures at market scale. Builds if needed; generates the synthetic market
 * (`--emiten 950 --years 10` by default) and imports it once into an embedded data folder cached under
 * `.bench/` by its parameters; copies that folder to a throw-away one, adds a member with 2 000
 * transactions over 60 tickers, starts the production server as `npm start` does, and measures each page
 * (16 connections, 10 s, after a warm-up) with wrk, or autocannon when wrk is not installed, from a core
 * of its own while the server has the other (`./lib/load`, docs/decisions/0054). Then the same on PostgreSQL when
 * TEST_DATABASE_URL is set (a database of its own, dropped afterwards). Last, on the embedded server, the
 * JavaScript each research page and the membership picker load on a phone before any interaction
 * (Debian's Chromium, `scripts/lib/chromium.mjs`), as gzip bytes against the 100 KB budget.
 *
 * Every req/s figure is also printed as a share of a bare Node `http` server (a small HTML page from
 * memory, same Node, flags and core, its own process) measured the same way in the same run: a share
 * compares across machines where req/s do not. Each page is measured in ROUNDS short windows taken in
 * turns with the bare server's (the small page, then as many bytes as the page, then the page), and its
 * share is the ratio of the totals: on a shared host the machine's speed moves by half within a minute
 * (docs/performance.md, "Pages and the bare server in turns"), and windows in turns see the same machine.
 * The first seconds after the start are compared with a window of the bare server taken right before each
 * (the server under test stopped meanwhile).
 *
 * Then, on each server, a run with writes mixed in (docs/decisions/0044): a research page and a member's
 * page are measured in ROUNDS steady windows taken in turns with as many windows in which other members add
 * a transaction once a second each and (on PostgreSQL, where the import CLI can write beside the server) a
 * market update lands in the middle one; each must keep at least 80 % of its steady rate (else the run fails).
 *
 *   npm run bench:web -- [--emiten 950] [--years 10] [--duration 10] [--connections 16] [--skip-build]
 */
import './lib/env';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { chromium, devices } from '@playwright/test';
import { addMember, addWriters, loadDemo, type BenchMember } from './lib/bench-member';
import { LOAD_METHOD, loadRate, serverCommand } from './lib/load';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './lib/server-flags.mjs';
import { chromiumPath } from './lib/chromium.mjs';

const { values: opts } = parseArgs({
  options: {
    emiten: { type: 'string', default: '950' },
    years: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    // The build in dist/ as it is (a second run of the same commit).
    'skip-build': { type: 'boolean', default: false },
  },
});
const PORT = Number(process.env.BENCH_PORT ?? 4390);
const BASE = `http://127.0.0.1:${PORT}`;
const AUTH_SECRET = 'bench-web-secret-not-for-production-0123456789';

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

/** The generated market's CSV files, written once per parameters. */
function marketFiles(): string[] {
  const dir = path.resolve('.bench', `market-${opts.emiten}x${opts.years}`);
  const files = ['emiten.csv', 'prices.csv', 'indexes.csv', 'actions.csv', 'constituents.csv'].map((f) =>
    path.join(dir, f),
  );
  if (!files.every(existsSync)) {
    console.log(`Generating ${opts.emiten} emiten × ${opts.years} years into ${dir}…`);
    run('npx', ['tsx', 'scripts/market-generate.ts', '--emiten', opts.emiten, '--years', opts.years, '--out', dir]);
  }
  return files;
}

/** Loads the demo data (the analysed tickers) and imports the generated market into a new database. */
async function importMarket(env: NodeJS.ProcessEnv): Promise<void> {
  await loadDemo(env);
  const started = performance.now();
  // The generated market covers the demo codes too: written beside the demo market, into them (decision 0022).
  run('npx', ['tsx', 'scripts/market-import.ts', '--keep-demo', ...marketFiles()], env);
  console.log(`Market imported in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** An embedded data folder holding the market, copied from the cached one. */
async function embeddedDataDir(): Promise<string> {
  const cached = path.resolve('.bench', `data-${opts.emiten}x${opts.years}`);
  if (!existsSync(path.join(cached, 'pglite'))) {
    rmSync(cached, { recursive: true, force: true });
    mkdirSync(cached, { recursive: true });
    await importMarket({ ...process.env, DATABASE_URL: '', DATA_DIR: cached, NODE_ENV: 'production', AUTH_SECRET });
  }
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'telaah-bench-')), 'data');
  cpSync(cached, dir, { recursive: true });
  return dir;
}

/** What the server printed on stdout since it started (its memory line, say). */
const serverOutput = new WeakMap<ChildProcess, () => string>();

function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(...serverCommand(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/launch.mjs', 'start']), {
    env: { ...env, ...SERVER_ENV },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  return new Promise((resolve, reject) => {
    serverOutput.set(child, () => log);
    child.stdout!.on('data', (d) => {
      log += String(d);
      if (log.includes('Telaah is running')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${log}`)));
  });
}

/**
 * A bare Node `http` server answering one small HTML page from memory: the runtime's own ceiling. At
 * `/bytes/{B}/{H}` it answers B bytes of body with about H bytes of headers instead (made once per size):
 * the ceiling for an answer as large as the page measured, so that what the runtime spends on the bytes
 * themselves (Node's streams, the loopback's TCP work on the same core) is told apart from Telaah's own.
 */
const BARE_SERVER = `
const body = Buffer.from('<!doctype html><html lang="id"><head><meta charset="utf-8"><title>Telaah</title></head>'
  + '<body><main><h1>Telaah</h1><p>' + 'Riset saham BEI untuk anggota. '.repeat(16) + '</p></main></body></html>');
const sized = new Map();
require('node:http').createServer((req, res) => {
  let answer = sized.get(req.url);
  if (!answer) {
    const m = /^\\/bytes\\/(\\d+)\\/(\\d+)$/.exec(req.url);
    answer = m
      ? { body: Buffer.alloc(Number(m[1]), 'a'), pad: 'p'.repeat(Math.max(0, Number(m[2]) - 120)) }
      : { body, pad: '' };
    sized.set(req.url, answer);
  }
  const head = { 'content-type': 'text/html; charset=utf-8', 'content-length': answer.body.length };
  if (answer.pad) head['x-pad'] = answer.pad;
  res.writeHead(200, head);
  res.end(answer.body);
}).listen(Number(process.env.BARE_PORT), '127.0.0.1', () => console.log('listening'));
`;

/**
 * The bare server, started as the server under test is (same Node, flags, environment and core) and kept
 * running beside it, idle but while it is measured: `rate()` puts the same connections on it as on a page,
 * for `seconds` (the whole `--duration` by default), while the server under test is stopped.
 */
async function startBare(): Promise<{
  rate: (size?: AnswerSize, seconds?: number) => Promise<number>;
  stop: () => Promise<void>;
}> {
  const port = PORT + 1;
  const child = spawn(...serverCommand(process.execPath, [...SERVER_NODE_FLAGS, '-e', BARE_SERVER]), {
    env: { ...process.env, ...SERVER_ENV, BARE_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return {
    rate: async (size, seconds = Number(opts.duration)) =>
      (
        await loadRate({
          url: `http://127.0.0.1:${port}${size ? `/bytes/${size.body}/${size.head}` : '/'}`,
          connections: Number(opts.connections),
          duration: seconds,
        })
      ).reqs,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** Bytes of an answer as wrk receives it (no `Accept-Encoding`): its body, and its status line and headers. */
interface AnswerSize {
  body: number;
  head: number;
}

async function answerSize(url: string, cookie?: string): Promise<AnswerSize> {
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  const body = (await res.arrayBuffer()).byteLength;
  let head = 'HTTP/1.1 200 OK\r\n'.length + 'Connection: keep-alive\r\nKeep-Alive: timeout=5\r\n\r\n'.length;
  res.headers.forEach((value, name) => (head += name.length + value.length + 4));
  return { body, head };
}

/** A rate as a share of the bare server's, e.g. `31 %`. */
const share = (reqs: number, bare: number) => `${Math.round((100 * reqs) / bare)} %`;

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface Row {
  path: string;
  /** The bare server's req/s over its windows taken in turns with this page's. */
  bare: number;
  /** Its slowest and fastest window. */
  bareRange: [number, number];
  /** The same, answering as many bytes as this page (`AnswerSize`). */
  bareSameBytes: number;
  size: AnswerSize;
  /** The first request's time: what the first visitor after a start waits (cold caches). */
  first: number;
  reqs: number;
  p50: number;
  /** The mean of the windows' p99, and the worst of them. */
  p99: number;
  p99Worst: number;
  errors: number;
}

/** Windows per page, each taken in turns with the bare server's; together they last `--duration`. */
const ROUNDS = 5;
const WINDOW_SECONDS = Math.max(1, Math.round(Number(opts.duration) / ROUNDS));

interface Window {
  reqs: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * Windows of one load pooled: the mean rate, the median p50, the mean p99 (what one long window of as many
 * requests would show, roughly) and the worst, all errors.
 */
function pooled(windows: Window[]): Window & { p99Worst: number } {
  return {
    reqs: mean(windows.map((w) => w.reqs)),
    p50: median(windows.map((w) => w.p50)),
    p99: Math.round(100 * mean(windows.map((w) => w.p99))) / 100,
    p99Worst: Math.max(...windows.map((w) => w.p99)),
    errors: windows.reduce((sum, w) => sum + w.errors, 0),
  };
}

/**
 * `url` after its first request and a warm-up, in ROUNDS windows, each right after a window of
 * `bare(undefined)` (the small page) and one of `bare(size)` (as many bytes): all three over the same moments.
 */
async function measure(
  url: string,
  cookie: string | undefined,
  size: AnswerSize,
  bare: (size?: AnswerSize) => Promise<number>,
): Promise<Omit<Row, 'path' | 'size'>> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const first = Math.round(await firstRequestMs(url, { ...headers, 'accept-encoding': 'br, gzip' }));
  await loadRate({ url, connections: 4, duration: 2, headers });
  const bares: number[] = [];
  const sameBytes: number[] = [];
  const windows: Window[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bares.push(await bare());
    sameBytes.push(await bare(size));
    windows.push(await loadRate({ url, connections: Number(opts.connections), duration: WINDOW_SECONDS, headers }));
  }
  return {
    first,
    bare: mean(bares),
    bareRange: [Math.min(...bares), Math.max(...bares)],
    bareSameBytes: mean(sameBytes),
    ...pooled(windows),
  };
}

/** Milliseconds of one request for `url`, its body read. */
async function firstRequestMs(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  return performance.now() - started;
}

/** Seconds of each window right after a start. */
const COLD_SECONDS = 3;

/**
 * Req/s and p99 of `url` measured without a warm-up: the first seconds after a start. Right before, a
 * window of the bare server (`bare`, which stops the server under test meanwhile, so that it has still
 * answered nothing): the two see the same machine, as the windows taken in turns do.
 */
async function coldRate(
  url: string,
  bare: () => Promise<number>,
  cookie?: string,
): Promise<{ reqs: number; p99: number; bare: number }> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const bareReqs = await bare();
  const { reqs, p99 } = await loadRate({ url, connections: Number(opts.connections), duration: COLD_SECONDS, headers });
  return { reqs, p99, bare: bareReqs };
}

/**
 * `Accept-Encoding`s a page rendered per request is measured with: none (as every other figure here), gzip,
 * and a browser's, which gets brotli compressed as it is sent, a stream of its own per response.
 */
const ENCODINGS: [label: string, accept: string | undefined][] = [
  ['tanpa', undefined],
  ['gzip', 'gzip'],
  ['peramban', 'gzip, deflate, br, zstd'],
];

/**
 * A page the app renders on every request (`/sign-in`: its form carries a token of its own), measured with
 * each of ENCODINGS at `--connections`, in turns: what compressing many answers at once costs.
 */
async function encodingRates(url: string): Promise<string> {
  const headersOf = (accept: string | undefined): Record<string, string> =>
    accept ? { 'accept-encoding': accept } : {};
  const got: string[] = [];
  for (const [, accept] of ENCODINGS) {
    // What the server chose (fetch asks for gzip unless told otherwise), then a warm-up.
    const res = await fetch(url, { headers: { 'accept-encoding': accept ?? 'identity' } });
    await res.arrayBuffer();
    got.push(res.headers.get('content-encoding') ?? 'tanpa');
    await loadRate({ url, connections: 4, duration: 1, headers: headersOf(accept) });
  }
  const windows: Window[][] = ENCODINGS.map(() => []);
  for (let round = 0; round < 2; round++)
    for (const [i, [, accept]] of ENCODINGS.entries()) {
      const headers = headersOf(accept);
      windows[i]!.push(
        await loadRate({ url, connections: Number(opts.connections), duration: WINDOW_SECONDS, headers }),
      );
    }
  const rates = windows.map(pooled);
  return rates
    .map(
      (r, i) =>
        `${ENCODINGS[i]![0]} (${got[i]}) ${r.reqs.toFixed(0)} req/s, ${share(r.reqs, rates[0]!.reqs)}, ` +
        `p99 ${r.p99} ms (${r.p99Worst}), ${r.errors} errors`,
    )
    .join('; ');
}

/** The server's own account of its memory (`kill -USR2`, scripts/start.ts), in MB. */
async function memoryMb(server: ChildProcess): Promise<Record<string, number>> {
  const before = serverOutput.get(server)!().length;
  server.kill('SIGUSR2');
  for (let i = 0; i < 50; i++) {
    const line = serverOutput.get(server)!()
      .slice(before)
      .split('\n')
      .find((l) => l.includes('"msg":"memory"'));
    if (line) {
      const m = JSON.parse(line) as Record<string, number>;
      return Object.fromEntries(
        ['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers'].map((k) => [k, Math.round(m[k]! / 2 ** 20)]),
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {};
}

async function rssMb(pid: number): Promise<number> {
  const { readFileSync } = await import('node:fs');
  // The launcher imports the server into its own process: its RSS is the server's.
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function signInCookie(member: BenchMember): Promise<string> {
  const res = await fetch(`${BASE}/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: BASE, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: member.email, password: member.password, callbackUrl: '/' }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.includes('authjs.session-token'));
  if (!cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie.split(';')[0]!;
}

/** Gzip bytes of the scripts a page loads on a phone until the network is idle, without interaction. */
async function scriptBytes(paths: string[]): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  try {
    console.log('\n| page (phone, no interaction) | scripts | JS gzip KB | budget |');
    console.log('|---|---:|---:|---|');
    for (const p of paths) {
      const context = await browser.newContext({ ...devices['Moto G4'] });
      const page = await context.newPage();
      const sizes: Promise<number>[] = [];
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script')
          sizes.push(
            r.body().then(
              (b) => gzipSync(b).length,
              () => 0,
            ),
          );
      });
      await page.goto(`${BASE}${p}`, { waitUntil: 'networkidle' });
      const kb = (await Promise.all(sizes)).reduce((a, b) => a + b, 0) / 1024;
      const research = p.startsWith('/analisis');
      console.log(
        `| \`${p}\` | ${sizes.length} | ${kb.toFixed(1)} | ${research ? (kb <= 100 ? 'ok' : 'OVER 100') : '—'} |`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

async function benchServer(
  label: string,
  env: NodeJS.ProcessEnv,
  member: BenchMember,
  after?: () => Promise<void>,
): Promise<void> {
  // Measured right before the server starts and again after its first seconds, so that both see the same
  // machine; every later page in windows taken in turns with the bare server's (`measure`).
  const bareServer = await startBare();
  await bareServer.rate(undefined, 2);
  const serverEnv = { ...env, PORT: String(PORT), HOST: '127.0.0.1', APP_URL: `http://127.0.0.1:${PORT}`, AUTH_SECRET };
  let server = await startServer(serverEnv);
  /**
   * The bare server's rate (for `size`'s bytes, if given; over `seconds`) with the server under test
   * stopped meanwhile (SIGSTOP): what it does in the background (collections, PGlite's own work) must not
   * take the core from the bare server, as nothing takes it from the server.
   */
  const bareNow = async (size?: AnswerSize, seconds?: number): Promise<number> => {
    server.kill('SIGSTOP');
    return bareServer.rate(size, seconds).finally(() => server.kill('SIGCONT'));
  };
  const bareWindow = (size?: AnswerSize) => bareNow(size, WINDOW_SECONDS);
  try {
    // Right after the start, before anything else asks: the first seconds a visitor meets.
    const bareCold = () => bareNow(undefined, COLD_SECONDS);
    const cold: [string, { reqs: number; p99: number; bare: number }][] = [];
    for (const p of ['/', `/analisis/${member.ticker}`]) cold.push([p, await coldRate(`${BASE}${p}`, bareCold)]);
    // A member who signs in right after the start: their first page computes their reports.
    const cookie = await signInCookie(member);
    const signedInFirst = (await firstRequestMs(`${BASE}/portofolio/all`, { cookie })).toFixed(0);
    // A restart while the member is signed in (a deploy): the new process asks for the landing page of the
    // members with a live session before it opens (src/server/http/warm-up.ts); the first seconds of theirs.
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    server = await startServer(serverEnv);
    cold.push(['/portofolio/all (masuk, setelah restart)', await coldRate(`${BASE}/portofolio/all`, bareCold, cookie)]);
    const firstSector = encodeURIComponent(member.sector);
    const pages: [string, boolean][] = [
      ['/', false],
      ['/analisis', false],
      [`/analisis?q=ba&sektor=${firstSector}`, false],
      [`/analisis/${member.ticker}`, false],
      [member.analysisUrl, false],
      [`/api/emiten/${member.ticker}/harga`, false],
      ['/portofolio/all', true],
      ['/portofolio/metrics', true],
      ['/api/portfolio/holdings', true],
    ];
    const rows: Row[] = [];
    for (const [p, signedIn] of pages) {
      const size = await answerSize(`${BASE}${p}`, signedIn ? cookie : undefined);
      rows.push({
        path: signedIn ? `${p} (masuk)` : p,
        size,
        ...(await measure(`${BASE}${p}`, signedIn ? cookie : undefined, size, bareWindow)),
      });
    }
    // Read before the `/sign-in` load below, so that the figure stays that of the pages above (issue 29).
    const rss = await rssMb(server.pid!);
    const memory = await memoryMb(server);
    const encodings = await encodingRates(`${BASE}/sign-in`);
    const home = rows[0]!.reqs;
    const bares = [...cold.map(([, c]) => c.bare), ...rows.flatMap((r) => r.bareRange)];
    console.log(
      `\n${label} — load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, RSS after ${rss} MB; a bare Node \`http\` server: ${Math.min(...bares).toFixed(0)}–` +
        `${Math.max(...bares).toFixed(0)} req/s in its slowest and fastest windows`,
    );
    console.log(
      `Load: ${LOAD_METHOD}; each page in ${ROUNDS} windows, each after one of the bare server's small page and one of as many bytes as the page (the server stopped meanwhile); shares are of the totals; p50 the windows' median, p99 their mean (and worst).`,
    );
    console.log(
      '| page | first ms | req/s | bare Node req/s (slowest–fastest window) | share of bare Node | answer KB (body + head) | bare Node, same bytes | share of it | p50 ms | p99 ms (worst window) | errors | vs `/` |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of rows) {
      const kb = ((r.size.body + r.size.head) / 1024).toFixed(1);
      console.log(
        `| \`${r.path}\` | ${r.first} | ${r.reqs.toFixed(0)} | ${r.bare.toFixed(0)} (${r.bareRange[0].toFixed(0)}–${r.bareRange[1].toFixed(0)}) | ${share(r.reqs, r.bare)} | ${kb} | ${r.bareSameBytes.toFixed(0)} | ${share(r.reqs, r.bareSameBytes)} | ${r.p50} | ${r.p99} (${r.p99Worst}) | ${r.errors} | ${(r.reqs / home).toFixed(2)} |`,
      );
    }
    console.log(
      `\nRight after the start (${COLD_SECONDS} s each, no warm-up, each right after a window of the bare server): ${cold
        .map(
          ([p, { reqs, p99, bare }]) =>
            `\`${p}\` ${reqs.toFixed(0)} req/s (${share(reqs, bare)} of bare Node's ${bare.toFixed(0)}, p99 ${p99} ms)`,
        )
        .join('; ')}; a member signing in right after the start: first page in ${signedInFirst} ms`,
    );
    console.log(
      `Rendered on every request, \`/sign-in\` with each \`Accept-Encoding\` (${opts.connections} connections, ` +
        `shares of the rate without): ${encodings}`,
    );
    console.log(
      `Memory after the run (MB): ${Object.entries(memory)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    await after?.();
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await bareServer.stop();
  }
}

const WRITERS = 3;
const MIXED_FLOOR = 0.8;

/**
 * A research page (anonymous and signed in) and a member's page measured steady and with writes mixed in,
 * window by window in turns: in each mixed window each writer adds a transaction once a second, and
 * `marketUpdate` (when given) runs half-way through the middle one. Each must keep MIXED_FLOOR of its
 * steady rate.
 */
async function mixedWrites(
  member: BenchMember,
  writers: { email: string; password: string }[],
  marketUpdate?: (date: string) => void,
): Promise<void> {
  const cookie = await signInCookie(member);
  const writerCookies = await Promise.all(writers.map((w) => signInCookie({ ...member, ...w })));
  const bars = (await (await fetch(`${BASE}/api/emiten/${member.ticker}/harga`)).json()) as { bars: [string][] };
  const date = bars.bars.at(-1)![0];
  const pages: [string, string | undefined][] = [
    [`/analisis/${member.ticker}`, undefined],
    [`/analisis/${member.ticker}`, cookie],
    ['/portofolio/all', cookie],
  ];
  const rate = async (p: string, c?: string) => {
    const headers: Record<string, string> = c ? { cookie: c } : {};
    const { reqs, errors } = await loadRate({
      url: `${BASE}${p}`,
      connections: Number(opts.connections),
      duration: WINDOW_SECONDS,
      headers,
    });
    return { reqs, errors };
  };
  const rows: string[] = [];
  let failed = false;
  for (const [p, c] of pages) {
    await loadRate({ url: `${BASE}${p}`, connections: 4, duration: 2, headers: c ? { cookie: c } : {} });
    // Steady and mixed windows in turns, as the pages and the bare server above: the same moments of the machine.
    const steadyRates: number[] = [];
    const mixedRates: number[] = [];
    let mixedErrors = 0;
    let writes = 0;
    let writeErrors = 0;
    const inFlight = new Set<Promise<void>>();
    const write = async (wc: string) => {
      const res = await fetch(`${BASE}/api/portfolio/transactions`, {
        method: 'POST',
        headers: { cookie: wc, origin: BASE, 'content-type': 'application/json' },
        body: JSON.stringify({
          ticker: member.ticker,
          date,
          type: 'buy',
          shares: 100,
          price: 1_000,
          priceConfirmed: '1',
        }),
      });
      await res.arrayBuffer();
      if (res.status === 201) writes++;
      else writeErrors++;
    };
    for (let round = 0; round < ROUNDS; round++) {
      steadyRates.push((await rate(p, c)).reqs);
      const timer = setInterval(
        () =>
          writerCookies.forEach((wc) => {
            const w = write(wc).catch(() => void writeErrors++);
            inFlight.add(w);
            void w.finally(() => inFlight.delete(w));
          }),
        1_000,
      );
      // Half-way through the mixed windows.
      const half =
        round === ROUNDS >> 1 ? setTimeout(() => marketUpdate?.(date), (WINDOW_SECONDS * 1_000) / 2) : undefined;
      const window = await rate(p, c).finally(() => {
        clearInterval(timer);
        clearTimeout(half);
      });
      mixedRates.push(window.reqs);
      mixedErrors += window.errors;
      await Promise.all(inFlight);
    }
    const [steady, mixed] = [mean(steadyRates), mean(mixedRates)];
    const kept = mixed / steady;
    failed ||= kept < MIXED_FLOOR;
    rows.push(
      `| \`${p}\`${c ? ' (masuk)' : ''} | ${steady.toFixed(0)} | ${mixed.toFixed(0)} | ${Math.round(100 * kept)} % | ${writes} (${writeErrors} refused) | ${marketUpdate ? 'yes' : 'no'} | ${mixedErrors} |`,
    );
  }
  console.log(`\nWith writes mixed in: ${writers.length} members each add a transaction once a second`);
  console.log('| page | steady req/s | with writes req/s | kept | writes | market update | errors |');
  console.log('|---|---:|---:|---:|---:|---|---:|');
  for (const r of rows) console.log(r);
  if (failed) {
    console.log(`A page kept less than ${Math.round(MIXED_FLOOR * 100)} % of its steady rate with writes mixed in.`);
    process.exitCode = 1;
  }
}

/**
 * A market update beside the running server (PostgreSQL only): the ticker's last close changed and the
 * market version bumped in one transaction, as an import writes them. Written by SQL from this process:
 * the import CLI's start-up (tsx, a second Node) would take the measured server's CPU on a small machine.
 */
function marketUpdateBeside(env: NodeJS.ProcessEnv, ticker: string, date: string): void {
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  void (async () => {
    await client.connect();
    try {
      await client.query('begin');
      await client.query('update daily_prices set close = close + 5 where ticker = $1 and date = $2', [ticker, date]);
      await client.query('update market_state set version = version + 1, changed_at = now()');
      await client.query('commit');
    } finally {
      await client.end();
    }
  })().catch((err: unknown) => console.error('market update failed:', err));
}

async function main(): Promise<void> {
  if (!opts['skip-build'] || !existsSync('dist/server/entry.mjs')) run('npx', ['astro', 'build']);
  const base = { ...process.env, NODE_ENV: 'production', JOBS_INTERVAL_SECONDS: '0', LOG_LEVEL: 'error' };
  const dataDir = await embeddedDataDir();
  const embedded = { ...base, DATABASE_URL: '', DATA_DIR: dataDir };
  const member = await addMember(embedded);
  const writers = await addWriters(embedded, WRITERS);
  await benchServer(`Embedded (PGlite), ${opts.emiten} emiten × ${opts.years} years`, embedded, member, async () => {
    await scriptBytes(['/analisis', `/analisis/${member.ticker}`, member.analysisUrl, '/pick-membership']);
    // The embedded data folder is the server's alone: no import beside it, member writes only.
    await mixedWrites(member, writers);
  });
  rmSync(path.dirname(dataDir), { recursive: true, force: true });

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return console.log('\nPostgreSQL: skipped (TEST_DATABASE_URL is not set)');
  const name = `telaah_bench_${Date.now()}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(q).finally(() => c.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  try {
    const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
    const onPg = { ...base, DATABASE_URL: url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'telaah-bench-pg-')) };
    await importMarket({ ...onPg, AUTH_SECRET });
    const pgMember = await addMember(onPg);
    const pgWriters = await addWriters(onPg, WRITERS);
    await benchServer(`PostgreSQL, ${opts.emiten} emiten × ${opts.years} years`, onPg, pgMember, () =>
      mixedWrites(pgMember, pgWriters, (date) => marketUpdateBeside(onPg, pgMember.ticker, date)),
    );
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
