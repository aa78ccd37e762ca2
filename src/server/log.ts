/**
 * Structured server logs: one JSON object per line, `level`, `time` and `msg` first. Warnings and
 * errors go to stderr at once, the rest to stdout, gathered and written once per turn of the event loop:
 * at the default level a server answering from memory writes a line per request, which cost it 23 % of its
 * rate with a write (and a `close` listener) per line, 10 % without (decision 0060). `LOG_LEVEL` (debug |
 * info | warn | error | silent) sets the threshold; tests raise it to keep request lines out of their output.
 */
import { config } from './config';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const ORDER: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** True when a line of `level` would be written (LOG_LEVEL lets it through). */
export function logs(level: LogLevel): boolean {
  return ORDER[level] >= ORDER[config().LOG_LEVEL];
}

/** Stdout lines not written yet; written after the current turn of the event loop, or at 64 KB. */
let pending = '';
let exitHook = false;

/** Writes the stdout lines gathered so far. */
function flush(): void {
  const chunk = pending;
  pending = '';
  if (chunk) process.stdout.write(chunk);
}

function gather(line: string): void {
  if (!exitHook) {
    // Whatever way the process ends short of a kill, the lines gathered are written.
    process.on('exit', flush);
    exitHook = true;
  }
  if (!pending) setImmediate(flush);
  pending += line;
  if (pending.length >= 65_536) flush();
}

/** Writes one log line when `level` is at or above LOG_LEVEL. */
export function log(level: LogLevel, msg: string, fields: Record<string, unknown> = {}): void {
  if (ORDER[level] < ORDER[config().LOG_LEVEL]) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields });
  if (level === 'error' || level === 'warn') {
    // The lines before it first, so that a reader merging both streams sees them in order.
    flush();
    process.stderr.write(`${line}\n`);
  } else gather(`${line}\n`);
}
