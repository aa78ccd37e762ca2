/**
 * Structured server logs: one JSON object per line, `level`, `time` and `msg` first. Warnings and
 * errors go to stderr, the rest to stdout. `LOG_LEVEL` (debug | info | warn | error | silent) sets the threshold;
 * tests raise it to keep request lines out of their output.
 */
import { config } from './config';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const ORDER: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** True when a line of `level` would be written (LOG_LEVEL lets it through). */
export function logs(level: LogLevel): boolean {
  return ORDER[level] >= ORDER[config().LOG_LEVEL];
}

/** Writes one log line when `level` is at or above LOG_LEVEL. */
export function log(level: LogLevel, msg: string, fields: Record<string, unknown> = {}): void {
  if (ORDER[level] < ORDER[config().LOG_LEVEL]) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields });
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}
