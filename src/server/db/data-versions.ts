/**
 * What signed-in requests need, kept in memory and exact across servers (docs/decisions/0044): the
 * database's triggers (migration `change-notifications`) notify the channel `telaah_changes` in every
 * writing transaction, and each server listens on one connection of its own.
 *
 * - Topics: `u:<user id>` (their sessions, user row, memberships), `d:<user id>` (their data version)
 *   and `m` (the market's version). A notification drops what was kept under its topic; a version's
 *   notification also carries the new value, which is kept at once.
 * - A value is read from the database on first use and kept only if no notification of its topic
 *   arrived while it was read; a value may also carry its own expiry (a session's `expiresAt`).
 * - Trust: on PostgreSQL, nothing is served from memory unless the listening connection is up and has
 *   answered a heartbeat within HEARTBEAT_TRUST_MS (PostgreSQL delivers a connection's notifications
 *   before the answer to its next query, so a fresh answer proves that nothing was missed); while it is
 *   not, every use reads the database, and everything kept is dropped when it (re)connects. On the
 *   embedded database, PGlite hands notifications to listeners before the committing query returns.
 *
 * One store per database handle, on globalThis: the Node server around the app and the built app load
 * separate copies of this module. Opened lazily on first use, so CLIs never listen.
 */
import { LRUCache } from 'lru-cache';
import { log } from '../log';

const CHANGES_CHANNEL = 'telaah_changes';
/** The listening connection's application_name (pg_stat_activity). */
export const LISTENER_NAME = 'telaah-listener';

/** How often the listening connection is asked whether it is alive, and how long an answer is trusted. */
const HEARTBEAT_MS = 400;
const HEARTBEAT_TRUST_MS = 1_000;
const RECONNECT_MS = 1_000;
/** A connection that has not answered for this long is given up and replaced. */
const HEARTBEAT_GIVE_UP_MS = 5_000;

interface Kept {
  value: unknown;
  /** The change counter when it was read (or set): a later change of its topic outdates it. */
  seen: number;
  /** Wall-clock milliseconds after which it is read again. */
  until: number;
}

/** What the store listens through: the embedded client, or the PostgreSQL server's URL. */
export type ChangeSource =
  | { kind: 'pglite'; listen: (channel: string, onPayload: (payload: string) => void) => Promise<unknown> }
  | { kind: 'postgres'; url: string };

export class VersionStore {
  /** Counts changes seen; `lastChange` keeps, per topic, the counter of its last change. */
  private counter = 0;
  /** A counter every topic is taken to have changed at (raised by evictions and reconnections). */
  private floor = 0;
  private readonly lastChange = new LRUCache<string, number>({
    max: 200_000,
    dispose: (value, _key, reason) => {
      if (reason === 'evict') this.floor = Math.max(this.floor, value);
    },
  });
  // Sessions (a user row and a few memberships each) and versions: a miss only costs a database read.
  private readonly kept = new LRUCache<string, Kept>({ max: 20_000 });
  /** Whether the loss of the listening connection has been logged since it was last up. */
  private reportedDown = false;
  private started = false;
  private connected = false;
  private lastPong = Number.NEGATIVE_INFINITY;
  private client: import('pg').Client | undefined;
  /** Gives up the current listening connection (and connects again). */
  private drop: ((err?: Error) => void) | undefined;
  private timers: NodeJS.Timeout[] = [];
  /** The listening connection's queries, one after the other. */
  private pings: Promise<void> = Promise.resolve();
  /** The ping asked but not sent yet, which every caller until it is sent shares. */
  private waiting: { client: import('pg').Client; answered: Promise<void> } | undefined;
  /** The heartbeat's ping not answered yet: on which connection, and when it was asked for. */
  private pendingBeat: { client: import('pg').Client; askedAt: number } | undefined;
  /** When the heartbeat last ran, and whether that run passed over a late beat. */
  private lastBeat = Number.NEGATIVE_INFINITY;
  private passedLateBeat = false;
  private closed = false;

  constructor(private readonly source: ChangeSource) {}

  /** Whether values kept in memory may be served now (starts listening on first call). */
  trusted(): boolean {
    if (!this.started) this.start();
    if (!this.connected) return false;
    return this.source.kind === 'pglite' || performance.now() - this.lastPong < HEARTBEAT_TRUST_MS;
  }

  /**
   * The value kept under `key` (of `topic`) while trusted and unchanged, else `load()`'s, kept for next
   * time when no change of the topic arrived meanwhile. `until(value)`: when it expires (wall clock, ms).
   */
  async get<T>(topic: string, key: string, load: () => Promise<T>, until?: (value: T) => number): Promise<T> {
    if (!this.trusted()) return load();
    const hit = this.kept.get(key);
    if (hit && hit.seen >= this.changedAt(topic) && Date.now() < hit.until) return hit.value as T;
    const seen = this.counter;
    const value = await load();
    if (this.trusted() && this.changedAt(topic) <= seen)
      this.kept.set(key, { value, seen, until: until ? until(value) : Number.POSITIVE_INFINITY });
    return value;
  }

  /**
   * The value kept under `key` (of `topic`) when `get` would answer it from memory right now, else
   * undefined (the caller then takes `get`'s way): the same checks without a promise, for the Node
   * server's answers from memory.
   */
  peek<T>(topic: string, key: string): T | undefined {
    if (!this.trusted()) return undefined;
    const hit = this.kept.get(key);
    if (hit && hit.seen >= this.changedAt(topic) && Date.now() < hit.until) return hit.value as T;
    return undefined;
  }

  /** A notification's payload (exported for the tests of the parsing). */
  applyPayload(payload: string): void {
    const [kind, id, version] = payload.split(':');
    // A TRUNCATE of a watched table: nothing kept can be trusted.
    if (kind === '*') this.forgetAll();
    else if (kind === 'u' && id) this.changed(`u:${id}`);
    else if (kind === 'd' && id) this.changedTo(`d:${id}`, Number(version));
    else if (kind === 'm') this.changedTo('m', Number(id));
  }

  /**
   * Resolves once every notification committed before the call has been applied (one round trip on
   * the listening connection); at once when nothing is trusted or on the embedded database.
   */
  async sync(): Promise<void> {
    if (this.source.kind !== 'postgres' || !this.connected || !this.client) return;
    // A ping unanswered past HEARTBEAT_TRUST_MS leaves memory untrusted anyway: no request waits longer.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, HEARTBEAT_TRUST_MS)));
    await Promise.race([this.ping(this.client), late]).finally(() => clearTimeout(timer));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    this.connected = false;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private changedAt(topic: string): number {
    return Math.max(this.lastChange.get(topic) ?? 0, this.floor);
  }

  private changed(topic: string): number {
    const at = ++this.counter;
    this.lastChange.set(topic, at);
    return at;
  }

  /** A version's change: kept at once when it is a number (versions only grow). */
  private changedTo(topic: string, version: number): void {
    const before = this.kept.get(topic);
    const at = this.changed(topic);
    if (!Number.isFinite(version)) return;
    if (before && typeof before.value === 'number' && before.value > version) return;
    this.kept.set(topic, { value: version, seen: at, until: Number.POSITIVE_INFINITY });
  }

  /** Forgets everything (a (re)connection: notifications may have been missed). */
  private forgetAll(): void {
    this.floor = ++this.counter;
    this.kept.clear();
  }

  private start(): void {
    this.started = true;
    if (this.source.kind === 'pglite') {
      this.source
        .listen(CHANGES_CHANNEL, (payload) => this.applyPayload(payload))
        .then(() => {
          if (this.closed) return;
          this.forgetAll();
          this.connected = true;
        })
        .catch((err: unknown) => logListenerError('listen failed', err));
      return;
    }
    void this.connect();
    const beat = setInterval(() => void this.heartbeat(), HEARTBEAT_MS);
    beat.unref();
    this.timers.push(beat);
  }

  private async connect(): Promise<void> {
    if (this.closed || this.source.kind !== 'postgres') return;
    const { default: pg } = await import('pg');
    const client = new pg.Client({
      connectionString: this.source.url,
      keepAlive: true,
      // A connection attempt that hangs (a peer that drops packets) is given up like a silent one.
      connectionTimeoutMillis: HEARTBEAT_GIVE_UP_MS,
      application_name: LISTENER_NAME,
    });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.connected = false;
      if (err && !this.reportedDown) logListenerError('listening connection lost', err);
      this.reportedDown = true;
      client.end().catch(() => undefined);
      if (!this.closed) setTimeout(() => void this.connect(), RECONNECT_MS).unref();
    };
    client.on('notification', (n) => {
      if (n.channel === CHANGES_CHANNEL && n.payload !== undefined) this.applyPayload(n.payload);
    });
    client.on('error', lost);
    client.on('end', () => lost());
    this.client = client;
    this.drop = lost;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (err) {
      lost(err as Error);
      return;
    }
    if (this.client !== client) return;
    // Whatever was kept may have missed notifications: start again from the database.
    this.forgetAll();
    this.lastPong = performance.now();
    this.connected = true;
    this.reportedDown = false;
  }

  private async heartbeat(): Promise<void> {
    const now = performance.now();
    // A beat long after the last one means this process was busy (a long synchronous task, a pause of
    // the garbage collector): timers run before pending I/O, so the answer to the ping may be waiting
    // unread behind this very beat. Such a beat judges no silence; the next one does (at most one in a
    // row is passed over, so a process late on every beat still gives a dead connection up).
    const late = now - this.lastBeat > 3 * HEARTBEAT_MS && !this.passedLateBeat;
    this.passedLateBeat = late;
    this.lastBeat = now;
    const client = this.client;
    if (!client || !this.connected) return;
    if (this.pendingBeat?.client === client) {
      // Silent for too long (a peer gone without a reset, a ping never answered): connect afresh rather
      // than wait for TCP. Checked while the ping is pending, as it may never be answered.
      if (!late && now - this.pendingBeat.askedAt > HEARTBEAT_GIVE_UP_MS)
        this.drop?.(new Error('no answer to the heartbeat'));
      return;
    }
    const beat = { client, askedAt: now };
    this.pendingBeat = beat;
    await this.ping(client).finally(() => {
      if (this.pendingBeat === beat) this.pendingBeat = undefined;
    });
  }

  /**
   * An answer to a `select 1` on the listening connection sent after this call: it proves that every
   * notification committed before the call has been applied. Queries on that connection go one after
   * the other, so a ping asked while another is under way waits for it; every caller that comes
   * before the waiting ping is sent shares it (a burst of writes costs one more round trip, not one each).
   * `lastPong` is the time the ping was sent. Failures are left to the connection's 'error' and 'end'
   * handlers.
   */
  private ping(client: import('pg').Client): Promise<void> {
    if (this.waiting?.client === client) return this.waiting.answered;
    const waiting = {
      client,
      answered: this.pings.then(() => {
        // Sent now: later callers need the next one.
        if (this.waiting === waiting) this.waiting = undefined;
        const sent = performance.now();
        return client.query('select 1').then(
          () => {
            if (this.client === client) this.lastPong = Math.max(this.lastPong, sent);
          },
          () => undefined,
        );
      }),
    };
    this.waiting = waiting;
    this.pings = waiting.answered;
    return waiting.answered;
  }
}

function logListenerError(msg: string, err: unknown): void {
  log('error', `data versions: ${msg}`, { error: err instanceof Error ? err.message : String(err) });
}

// On globalThis: the Node server around the app and the built app load separate copies of this module.
const KEY = Symbol.for('telaah.version-stores');
const stores = ((globalThis as unknown as Record<symbol, unknown>)[KEY] ??= new WeakMap<
  object,
  VersionStore
>()) as WeakMap<object, VersionStore>;

/** Registers the store of a database handle (openDatabase does, for the process's database). */
export function setVersionStore(db: object, store: VersionStore): void {
  stores.set(db, store);
}

/** The store of `db`; undefined for handles without one (then every use reads the database). */
export function versionStoreOf(db: object): VersionStore | undefined {
  return stores.get(db);
}

/**
 * Waits until every change committed so far is applied to `db`'s store: called after each request that
 * may have written, so that its writes show on this server's very next request.
 */
export async function syncVersions(db: object): Promise<void> {
  await stores.get(db)?.sync();
}
