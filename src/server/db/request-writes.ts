/**
 * Which requests wrote to the database (PostgreSQL): after such a request the middleware waits until this
 * server has applied every change notification committed so far (`settleRequest`, db/data-versions.ts),
 * so that what the request wrote shows on this server's very next request (docs/decisions/0044). A
 * method says too little: an email verification link, Auth.js's sign-in callbacks, an unsubscribe link
 * or a payment's return page write on a GET.
 *
 * How: every pooled connection is marked with the request that checked it out (the request context of
 * `pool.connect`, which `pool.query` calls too), and a statement whose completion tag is not a read's
 * (anything but SELECT, BEGIN, COMMIT, …: INSERT, UPDATE, DELETE, MERGE, COPY, TRUNCATE, DDL) marks that
 * request. The tag is PostgreSQL's own account of what ran, not a guess from the SQL text. A SELECT of a
 * function that writes is not seen: none of ours does. The embedded database needs none of this: PGlite
 * hands notifications to the listener before the committing query returns.
 */
import type { Pool, PoolClient, QueryResult } from 'pg';
import { requestContext, type RequestContext } from '../http/request-context';
import { isReadMethod } from '../auth/support-writes';

/** Completion tags of statements that write nothing a change notification reports. */
const READ_TAGS: ReadonlySet<string> = new Set([
  'SELECT',
  'BEGIN',
  'START',
  'COMMIT',
  'ROLLBACK',
  'SAVEPOINT',
  'RELEASE',
  'SHOW',
  'SET',
  'RESET',
  'LISTEN',
  'UNLISTEN',
  'DECLARE',
  'FETCH',
  'MOVE',
  'CLOSE',
  'PREPARE',
  'DEALLOCATE',
  'DISCARD',
  'EXPLAIN',
]);

/**
 * The request each connection was last checked out for (none: outside a request). Set at every checkout,
 * so an idle connection's stale owner is never used: pg-pool runs queries only on checked-out ones.
 */
const owners = new WeakMap<PoolClient, RequestContext | undefined>();

function noteResult(ctx: RequestContext, result: QueryResult | QueryResult[] | undefined): void {
  for (const r of Array.isArray(result) ? result : [result]) {
    // `command` is null for an empty query; an unknown tag counts as a write.
    if (r?.command && !READ_TAGS.has(r.command.toUpperCase())) ctx.wrote = true;
  }
}

/** Wraps a connection's `query` once: what completes marks the request that holds the connection. */
function watchClient(client: PoolClient): void {
  if (owners.has(client)) return;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
    const ctx = owners.get(client);
    if (!ctx) return query(...args);
    const last = args.at(-1);
    if (typeof last === 'function') {
      // Callback style (pool.query uses it).
      args[args.length - 1] = (err: unknown, res: QueryResult | QueryResult[]) => {
        if (!err) noteResult(ctx, res);
        (last as (e: unknown, r: unknown) => void)(err, res);
      };
      return query(...args);
    }
    const out = query(...args);
    if (out instanceof Promise)
      out.then(
        (res: QueryResult | QueryResult[]) => noteResult(ctx, res),
        () => undefined,
      );
    return out;
  };
  owners.set(client, undefined);
}

/** Marks the request of every statement run through `pool` that writes (see above). */
export function watchRequestWrites(pool: Pool): void {
  const connect = pool.connect.bind(pool) as (cb?: (...a: unknown[]) => void) => Promise<PoolClient> | void;
  const checkedOut = (client: PoolClient, ctx: RequestContext | undefined) => {
    watchClient(client);
    owners.set(client, ctx);
  };
  (pool as unknown as { connect: unknown }).connect = (cb?: (err: Error | undefined, c?: PoolClient) => void) => {
    // Read here, in the caller's context: pg-pool may hand the connection over from another's.
    const ctx = requestContext.getStore();
    if (cb)
      return connect((err, client, ...rest) => {
        if (client) checkedOut(client as PoolClient, ctx);
        (cb as (...a: unknown[]) => void)(err, client, ...rest);
      });
    return (connect() as Promise<PoolClient>).then((client) => {
      checkedOut(client, ctx);
      return client;
    });
  };
}

/**
 * Whether the current request may have written: a method other than GET, HEAD and OPTIONS, or a
 * statement that wrote. The middleware then waits for `syncVersions` before answering, so that this
 * server's next request sees the write.
 */
export function mayHaveWritten(method: string): boolean {
  return !isReadMethod(method) || requestContext.getStore()?.wrote === true;
}
