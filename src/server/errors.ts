/**
 * Server-side error reporting: each failure is sent to monitoring (when it is on), written as one JSON
 * log line, and given a digest that the 500 page shows. The digest is the Sentry event id when
 * monitoring is on and a random id of the same form otherwise, so a member's screenshot leads straight
 * to the log line and to the Sentry event.
 */
import { randomUUID } from 'node:crypto';
import { captureServerError, type ErrorScope } from './integrations/sentry';
import { withoutQueryParams } from '../lib/monitoring/filters';
import { log } from './log';
import { requestContext } from './request-context';

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
export function scrubError(error: unknown): void {
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
  const digest = captureServerError(error, ctx) ?? randomUUID().replaceAll('-', '');
  if (typeof error === 'object' && error !== null) digests.set(error, digest);
  const store = requestContext.getStore();
  if (store) store.digest = digest;
  const err = error instanceof Error ? error : new Error(String(error));
  log('error', 'server error', {
    digest,
    method: ctx.method,
    path: ctx.path,
    requestId: ctx.requestId ?? store?.requestId,
    error: err.message,
    stack: err.stack,
  });
  return digest;
}
