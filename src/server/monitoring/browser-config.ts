/** The browser's monitoring settings, derived from the server's configuration. */
import type { BrowserMonitoringConfig } from '../../lib/monitoring/browser-config';
import { parseDsn, tunnelPath } from '../../lib/monitoring/dsn';
import { config } from '../config';
import { monitoringEnvironment, monitoringRelease } from '../integrations/sentry';

export interface PageIdentity {
  viewerId?: string;
  impersonating?: boolean;
}

/** The settings for the browser SDK, or undefined when monitoring is off. */
export function browserMonitoringConfig(identity: PageIdentity = {}): BrowserMonitoringConfig | undefined {
  const text = config().SENTRY_DSN;
  const dsn = text ? parseDsn(text) : undefined;
  if (!text || !dsn) return undefined;
  return {
    dsn: text,
    tunnel: tunnelPath(dsn),
    release: monitoringRelease(),
    environment: monitoringEnvironment(),
    ...(identity.viewerId ? { userId: identity.viewerId } : {}),
    ...(identity.impersonating ? { impersonating: true } : {}),
  };
}
