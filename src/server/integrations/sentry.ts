/**
 * Server monitoring through `@sentry/astro` (docs/product.md §7.5). The SDK is loaded and started only when
 * SENTRY_DSN is set: without it no Sentry code is even imported. `src/middleware.ts` imports this module
 * first (so that endpoints report too, not only page rendering), and the `@sentry/astro` integration
 * injects it into page rendering as its server init file.
 */
import type { MiddlewareHandler } from 'astro';
import { version } from '../../../package.json';
import { beforeSend, beforeSendTransaction } from '../../lib/monitoring/filters';
import { config } from '../config';

type Sdk = typeof import('@sentry/astro');

let sdk: Sdk | undefined;

/** `SENTRY_RELEASE`, else `telaah@{package version}`. */
export function monitoringRelease(): string {
  return config().SENTRY_RELEASE ?? `telaah@${version}`;
}

/** `SENTRY_ENVIRONMENT`, else NODE_ENV. */
export function monitoringEnvironment(): string {
  return config().SENTRY_ENVIRONMENT ?? config().NODE_ENV;
}

async function start(): Promise<void> {
  const c = config();
  if (!c.SENTRY_DSN || sdk) return;
  const Sentry = await import('@sentry/astro');
  Sentry.init({
    dsn: c.SENTRY_DSN,
    release: monitoringRelease(),
    environment: monitoringEnvironment(),
    sendDefaultPii: false,
    tracesSampleRate: c.SENTRY_TRACES_SAMPLE_RATE,
    beforeSend,
    beforeSendTransaction,
  });
  sdk = Sentry;
}

await start();

/** Sentry's request handler (isolation scope, transaction, errors thrown mid-stream), or undefined when off. */
export function monitoringRequestHandler(): MiddlewareHandler | undefined {
  return sdk?.handleRequest();
}

export interface ErrorScope {
  requestId?: string;
  method?: string;
  path?: string;
  /** The member whose data was shown. */
  viewerId?: string;
  /** The admin acting as that member, when impersonating. */
  actorId?: string;
}

/**
 * Sends a server error to Sentry with the member id (never the email) and the impersonation tag.
 * Returns the Sentry event id, or undefined when monitoring is off.
 */
export function captureServerError(error: unknown, scope: ErrorScope): string | undefined {
  const Sentry = sdk;
  if (!Sentry) return undefined;
  return Sentry.withScope((s) => {
    if (scope.viewerId) s.setUser({ id: scope.viewerId });
    s.setTag('impersonating', scope.actorId ? 'yes' : 'no');
    if (scope.actorId) s.setTag('impersonator_id', scope.actorId);
    if (scope.requestId) s.setTag('request_id', scope.requestId);
    if (scope.method && scope.path) s.setTransactionName(`${scope.method} ${scope.path}`);
    if (error === null || error === undefined)
      return Sentry.captureMessage('Server error without an exception', 'error');
    return Sentry.captureException(error, { mechanism: { type: 'auto.middleware.astro', handled: false } });
  });
}

/**
 * Reports a problem a background job found (not an exception: e.g. a trading day's data still missing)
 * as an error-level message with the given tags. Returns the event id, or undefined when monitoring is off.
 */
export function captureJobProblem(message: string, tags: Record<string, string>): string | undefined {
  const Sentry = sdk;
  if (!Sentry) return undefined;
  return Sentry.withScope((s) => {
    for (const [k, v] of Object.entries(tags)) s.setTag(k, v);
    return Sentry.captureMessage(message, 'error');
  });
}

/** Sends what is queued (on shutdown). */
export async function flushMonitoring(timeoutMs = 2000): Promise<void> {
  await sdk?.flush(timeoutMs);
}
