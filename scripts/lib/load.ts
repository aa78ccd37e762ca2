/**
 * Load generation for the serving benches (docs/decisions/0054-bench-cores-apart.md): the server under
 * test and the load generator each on a core of their own, so that they do not take each other's CPU.
 *
 * - `serverCommand` prefixes a server's command line with `taskset -c 0` (the bare Node server and
 *   Telaah alike) when `taskset` is installed and the machine has two cores or more;
 * - `loadRate` runs the load on the other core (`taskset -c 1`): `wrk` in a process of its own when it is
 *   installed (C, one thread, far faster than the server it measures), else autocannon in this process,
 *   which then moves itself, all its threads, to that core.
 *
 * `LOAD_METHOD` describes what was chosen, for the bench's output. `BENCH_LOAD=autocannon` uses autocannon
 * even where wrk is installed; `BENCH_PIN=0` pins nothing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';

const TASKSET = ['/usr/bin/taskset', '/bin/taskset'].find(existsSync);
const WRK =
  process.env.BENCH_LOAD === 'autocannon' ? undefined : ['/usr/bin/wrk', '/usr/local/bin/wrk'].find(existsSync);
const PINNED = Boolean(TASKSET) && availableParallelism() >= 2 && process.env.BENCH_PIN !== '0';
const SERVER_CORE = '0';
const LOAD_CORE = '1';

/** How the load is made, as printed by the benches. */
export const LOAD_METHOD = `${WRK ? 'wrk (1 thread)' : "autocannon (the bench's process)"}${
  PINNED ? `, pinned to core ${LOAD_CORE}; servers pinned to core ${SERVER_CORE} (taskset)` : ', nothing pinned'
}`;

/** `cmd args` as run on `core` when pinning is possible. */
function onCore(core: string, cmd: string, args: string[]): [string, string[]] {
  return PINNED ? [TASKSET!, ['-c', core, cmd, ...args]] : [cmd, args];
}

/** `cmd args` as run for a server under test: pinned to the server's core when pinning is possible. */
export const serverCommand = (cmd: string, args: string[]) => onCore(SERVER_CORE, cmd, args);

interface LoadResult {
  /** Requests per second over the run. */
  reqs: number;
  /** Latency percentiles, in ms. */
  p50: number;
  p99: number;
  /** Connection errors, timeouts and answers other than 2xx/3xx. */
  errors: number;
}

interface LoadOptions {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  headers?: Record<string, string>;
}

function output(cmd: string, args: string[]): Promise<string> {
  const [c, a] = onCore(LOAD_CORE, cmd, args);
  const child = spawn(c, a, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (err += String(d)));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} exited ${code}: ${err}`))));
  });
}

/** A wrk duration (`812.00us`, `1.20ms`, `1.01s`) in ms. */
function wrkMs(value: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 'ms' ? n : m[2] === 's' ? n * 1000 : n * 60_000;
}

/** Parses `wrk --latency`'s report. */
export function parseWrk(out: string): LoadResult {
  const percentile = (p: string) => {
    const m = new RegExp(`^\\s*${p}%\\s+(\\S+)`, 'm').exec(out);
    return m ? Math.round(wrkMs(m[1]!) * 100) / 100 : Number.NaN;
  };
  const count = (re: RegExp) => [...out.matchAll(re)].reduce((sum, m) => sum + Number(m[1]), 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    reqs: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN),
    p50: percentile('50'),
    p99: percentile('99'),
    errors:
      count(/Non-2xx or 3xx responses: (\d+)/g) + (socket ? socket.slice(1).reduce((s, n) => s + Number(n), 0) : 0),
  };
}

let pinnedHere = false;

/** Puts `connections` connections on `url` for `duration` seconds from the load generator's core. */
export async function loadRate({ url, connections, duration, headers = {} }: LoadOptions): Promise<LoadResult> {
  if (WRK) {
    const header = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
    // One thread: a core of its own is the load generator's whole share of the machine.
    return parseWrk(await output(WRK, ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', ...header, url]));
  }
  if (PINNED && !pinnedHere) {
    // Every thread of this process (libuv's, V8's) to the load generator's core, once.
    spawnSync(TASKSET!, ['-a', '-p', '-c', LOAD_CORE, String(process.pid)], { stdio: 'ignore' });
    pinnedHere = true;
  }
  const r = await autocannon({ url, connections, duration, headers });
  return { reqs: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
}
