/**
 * Server-side error reporting: each failure is sent to monitoring (when it is on), written as one JSON
 * log line, and given a digest that the 500 page shows. The digest is the Sentry event id when
 * monitoring is on and a random id of the same form otherwise, so a member's screenshot leads straight
 * to the log line and to the Sentry event.
 *
 * An unreachable database fails every request alike: the first failure of an outage is reported and
 * logged (its error text starting "database unreachable"), the rest within OUTAGE_WINDOW_MS are only counted (their 500 pages
 * still get a digest, and the request log still has a line each), and the count is logged with the next
 * report after the window.
 */
import { randomUUID } from 'node:crypto';
import { captureServerError, type ErrorScope } from './integrations/sentry';
import { withoutQueryParams } from '../lib/monitoring/filters';
import { log } from './log';
import { requestContext } from './http/request-context';
import { isConnectionFailure } from './db/errors';

/** How long failures of one database outage are reported once. */
const OUTAGE_WINDOW_MS = 60_000;
const outage = { until: 0, suppressed: 0 };

/** True when this failure belongs to an outage already reported (it is counted instead). */
function repeatOfOutage(error: unknown): boolean {
  if (!isConnectionFailure(error)) return false;
  const now = Date.now();
  if (now < outage.until) {
    outage.suppressed++;
    return true;
  }
  if (outage.suppressed > 0) {
    log('error', 'database unreachable: earlier failures', { failures: outage.suppressed, windowMs: OUTAGE_WINDOW_MS });
  }
  outage.until = now + OUTAGE_WINDOW_MS;
  outage.suppressed = 0;
  return false;
}

export interface ErrorContext extends ErrorScope {
  path: string;
}

// The same error reaches both the middleware and the 500 page: it is reported once.
const digests = new WeakMap<object, string>();

/** The digest already given to this error, if it was reported. */
export function digestOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? digests.get(error) : undefined;
}

/**
 * Removes the query parameters from a failed query's error and its causes, in place, so that neither
 * the log, Sentry nor anything the error is rethrown to sees them (they can hold an Argon2 hash).
 */
function scrubError(error: unknown): void {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if ('params' in e) delete (e as { params?: unknown }).params;
    const message = withoutQueryParams(e.message);
    if (message === e.message) continue;
    if (e.stack) e.stack = e.stack.replace(e.message, message);
    e.message = message;
  }
}

/** Reports the error (once, without query parameters) and returns its digest. */
export function reportServerError(error: unknown, ctx: ErrorContext): string {
  const known = digestOf(error);
  if (known) return known;
  scrubError(error);
  const store = requestContext.getStore();
  if (repeatOfOutage(error)) {
    const digest = randomUUID().replaceAll('-', '');
    if (typeof error === 'object' && error !== null) digests.set(error, digest);
    if (store && !store.digest) store.digest = digest;
    return store?.digest ?? digest;
  }
  const digest = captureServerError(error, ctx) ?? randomUUID().replaceAll('-', '');
  if (typeof error === 'object' && error !== null) digests.set(error, digest);
  if (store) store.digest = digest;
  const err = error instanceof Error ? error : new Error(String(error));
  log('error', 'server error', {
    digest,
    method: ctx.method,
    path: ctx.path,
    requestId: ctx.requestId ?? store?.requestId,
    error: isConnectionFailure(error) ? `database unreachable: ${err.message}` : err.message,
    stack: err.stack,
  });
  return digest;
}
