/**
 * Per-request facts shared between the Node server around the app (scripts/start.ts, which writes one
 * log line per request) and the middleware inside it (which knows the request id and, on failure, the
 * digest). The store lives on `globalThis` because the server and the built app load this module
 * separately.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
  /** Set when the request failed on the server: the id shown on the 500 page. */
  digest?: string;
  /** Set when a statement of the request wrote to the database (db/request-writes.ts). */
  wrote?: boolean;
}

const KEY = Symbol.for('telaah.request-context');
const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<RequestContext> | undefined>;

/** The async-local store of the current request; empty outside the Node server (e.g. in `astro build`). */
export const requestContext: AsyncLocalStorage<RequestContext> = (holder[KEY] ??=
  new AsyncLocalStorage<RequestContext>());
