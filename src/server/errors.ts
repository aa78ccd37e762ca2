/**
 * Server-side error reporting: each failure is sent to monitoring (when it is on), written as one JSON
 * log line, and given a digest that the 500 page shows. The digest is the Sentry event id when
 * monitoring is on and a random id of the same form otherwise, so a member's screenshot leads straight
 * to the log line and to the Sentry event.
 */
import { randomUUID } from 'node:crypto';
import { captureServerError, type ErrorScope } from './integrations/sentry';
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

/** Reports the error (once) and returns its digest. */
export function reportServerError(error: unknown, ctx: ErrorContext): string {
  const known = digestOf(error);
  if (known) return known;
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
