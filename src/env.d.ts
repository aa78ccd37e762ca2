/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Whose data is shown: the signed-in member, or the member an admin is acting as. */
    viewer: import('./server/auth/viewer-type').Viewer | null;
    /** The admin behind an impersonation; null otherwise. */
    actor: import('./server/auth/viewer-type').Viewer | null;
    /** When the current impersonation ends by itself (ISO), or null. */
    impersonationExpiresAt: string | null;
    /** A session that passed the password (or SSO) but not yet its second factor; null otherwise. */
    pendingSecondFactor: import('./server/auth/session-user').SessionClaims | null;
    /** Correlates the request's log line, error digest and monitoring event. */
    requestId: string;
  }
}

/** Set at build time (astro.config.mjs): names the service worker's cache. */
declare const __BUILD_ID__: string;
