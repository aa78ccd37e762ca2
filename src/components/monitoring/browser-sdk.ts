/**
 * The browser SDK, loaded by browser-loader.ts only when monitoring is on. Events go to the same-origin
 * tunnel (`connect-src 'self'`), carry the member id (never the email) and the impersonation tag, and
 * pass the shared filters.
 */
import { captureException, init } from '@sentry/astro';
import type { BrowserMonitoringConfig } from '../../lib/monitoring/browser-config';
import { beforeSend, beforeSendTransaction, EXTENSION_URLS } from '../../lib/monitoring/filters';
import type { IslandErrorInfo } from '../ui/island-errors';

export function startBrowserMonitoring(settings: BrowserMonitoringConfig): void {
  init({
    dsn: settings.dsn,
    tunnel: settings.tunnel,
    release: settings.release,
    environment: settings.environment,
    sendDefaultPii: false,
    // Errors only: no performance tracing from the browser.
    tracesSampleRate: 0,
    integrations: (defaults) => defaults.filter((i) => i.name !== 'BrowserTracing'),
    denyUrls: EXTENSION_URLS,
    beforeSend,
    beforeSendTransaction,
    initialScope: {
      ...(settings.userId ? { user: { id: settings.userId } } : {}),
      tags: { impersonating: settings.impersonating ? 'yes' : 'no' },
    },
  });
}

/** An error an island's boundary caught (the member saw the client-side error message). */
export function captureIslandError(error: unknown, info?: IslandErrorInfo): void {
  captureException(error, {
    mechanism: { type: 'auto.function.react.error_boundary', handled: true },
    captureContext: {
      tags: { island: 'yes' },
      ...(info?.componentStack ? { contexts: { react: { componentStack: info.componentStack } } } : {}),
    },
  });
}

/** An uncaught error or rejection that happened before the SDK started. */
export function captureUncaughtError(error: unknown): void {
  captureException(error, { mechanism: { type: 'auto.browser.global_handlers.onerror', handled: false } });
}
