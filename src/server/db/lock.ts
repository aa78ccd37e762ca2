/**
 * One process per embedded data folder: PGlite does not lock its files, and a second process on the
 * same folder silently loses writes. The lock is a directory created atomically and kept fresh while
 * the process lives (proper-lockfile); a crashed holder's lock goes stale and is taken over.
 */
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(
      `The data folder ${dir} is in use by another Telaah process (probably the running server). ` +
        'Stop that process first, or point DATA_DIR at another folder.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Takes the folder lock or throws DataDirLockedError; resolves to the release function. */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  try {
    const release = await lockfile.lock(dir, {
      lockfilePath: path.join(dir, '.telaah.lock'),
      stale: 15_000,
      update: 5_000,
      realpath: false,
    });
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      await release().catch(() => undefined);
    };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dir);
    throw err;
  }
}
