/**
 * Notices writes to members' portfolio tables (`portfolios`, `transactions`) through an embedded
 * database. An embedded data folder has one process writing to it (the data-folder lock), and every
 * statement of that process passes Drizzle's logger, so readers of the embedded database can tell that
 * nothing was written since they last looked without asking the database. Statements are matched by
 * their head (`insert into`, `update`, `delete from` and the table), which is how Drizzle and our raw SQL
 * write them. Databases shared between processes (PostgreSQL) are not watched.
 */
import type { Logger } from 'drizzle-orm/logger';

export interface WriteWatch {
  /** Writes to the watched tables seen so far. */
  writes: number;
  /** `performance.now()` of the last of them. */
  lastWriteAt: number;
}

const WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?(?:portfolios|transactions)"?[\s(]/i;
// On globalThis: the Node server around the app and the built app load separate copies of this module.
const KEY = Symbol.for('telaah.write-watches');
const watches = ((globalThis as unknown as Record<symbol, unknown>)[KEY] ??= new WeakMap<
  object,
  WriteWatch
>()) as WeakMap<object, WriteWatch>;

/** A Drizzle logger that counts writes to the watched tables into `watch`. */
export function writeWatchLogger(watch: WriteWatch): Logger {
  return {
    logQuery(query) {
      if (WRITE.test(query)) {
        watch.writes++;
        watch.lastWriteAt = performance.now();
      }
    },
  };
}

export function newWriteWatch(): WriteWatch {
  return { writes: 0, lastWriteAt: Number.NEGATIVE_INFINITY };
}

/** Registers the watch of an embedded database handle. */
export function setWriteWatch(db: object, watch: WriteWatch): void {
  watches.set(db, watch);
}

/** The watch of `db`, when it is an embedded database opened by this process. */
export function writeWatchOf(db: object): WriteWatch | undefined {
  return watches.get(db);
}
