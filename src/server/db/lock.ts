/**
 * One process per embedded data folder: PGlite does not lock its files, and a second process on the
 * same folder silently loses writes. The lock is a directory created atomically and kept fresh while
 * the process lives (proper-lockfile), holding `owner.json` (host, pid and the process' start time).
 * A holder on this host that is no longer running — killed, crashed — is detected at once and its lock
 * taken over; a holder elsewhere is trusted until its lock goes stale (10 minutes without a refresh). Every way out of the process
 * (close, process.exit, signals proper-lockfile hooks) removes the lock.
 */
import fs from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import lockfile from 'proper-lockfile';
import { log } from '../log';

export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(
      `The data folder ${dir} is in use by another Telaah process (probably the running server). ` +
        'Stop that process first, or point DATA_DIR at another folder.',
    );
    this.name = 'DataDirLockedError';
  }
}

interface Owner {
  host: string;
  pid: number;
  /** Start time of the process in clock ticks since boot (Linux), so that a reused pid is not mistaken. */
  started: string | null;
}

const OWNER_FILE = 'owner.json';
const STALE_MS = 10 * 60_000;

/** The start time of a process (field 22 of /proc/PID/stat), or null where /proc is not available. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when the owner ran on this host and that process is gone. */
function ownerIsDead(owner: Owner): boolean {
  if (owner.host !== hostname()) return false;
  if (!running(owner.pid)) return true;
  const started = startTimeOf(owner.pid);
  return owner.started !== null && started !== null && started !== owner.started;
}

function readOwner(lockDir: string): Owner | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(lockDir, OWNER_FILE), 'utf8')) as Owner;
  } catch {
    return null;
  }
}

// The lock directory holds owner.json, so removing it must remove its content too.
const lockFs = {
  ...fs,
  rmdir: (p: string, cb: (err: NodeJS.ErrnoException | null) => void) => fs.rm(p, { recursive: true, force: true }, cb),
  rmdirSync: (p: string) => fs.rmSync(p, { recursive: true, force: true }),
};

/**
 * Moves a dead owner's lock aside. Only one contender wins the rename; if what was moved is not the
 * lock judged dead (another process re-took the folder meanwhile), it is put back untouched.
 */
function takeOver(lockDir: string, judged: fs.Stats): boolean {
  const aside = `${lockDir}.stale-${randomUUID()}`;
  try {
    fs.renameSync(lockDir, aside);
  } catch {
    return false;
  }
  if (fs.statSync(aside).ino !== judged.ino) {
    try {
      fs.renameSync(aside, lockDir);
    } catch {
      // The folder was locked again meanwhile; the moved lock belongs to nobody now.
    }
    return false;
  }
  fs.rmSync(aside, { recursive: true, force: true });
  return true;
}

async function acquire(dir: string, lockDir: string): Promise<() => Promise<void>> {
  return lockfile.lock(dir, {
    lockfilePath: lockDir,
    // Liveness comes from owner.json on this host; the mtime only matters for a holder on another
    // host. A long threshold keeps a busy holder (PGlite blocks the event loop while it starts on a
    // loaded machine) from being judged stale while it runs.
    stale: STALE_MS,
    update: STALE_MS / 10,
    realpath: false,
    fs: lockFs,
    // A late refresh is no reason to stop a serving process.
    onCompromised: (err) => log('warn', 'data folder lock not refreshed', { dir, error: err.message }),
  });
}

/** Takes the folder lock or throws DataDirLockedError; resolves to the release function. */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const lockDir = path.join(dir, '.telaah.lock');
  let release: () => Promise<void>;
  try {
    release = await acquire(dir, lockDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    const stat = fs.statSync(lockDir, { throwIfNoEntry: false });
    const owner = readOwner(lockDir);
    if (!stat || !owner || !ownerIsDead(owner) || !takeOver(lockDir, stat)) throw new DataDirLockedError(dir);
    log('warn', 'data folder lock taken over: the previous process stopped uncleanly', { dir, pid: owner.pid });
    try {
      release = await acquire(dir, lockDir);
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dir);
      throw again;
    }
  }
  const owner: Owner = { host: hostname(), pid: process.pid, started: startTimeOf(process.pid) };
  // proper-lockfile refreshes the lock only while the directory's mtime is the one it set; writing a file
  // into the directory moves it, so put it back, or the first refresh finds the lock "compromised".
  const locked = fs.statSync(lockDir);
  fs.writeFileSync(path.join(lockDir, OWNER_FILE), JSON.stringify(owner));
  fs.utimesSync(lockDir, locked.atime, locked.mtime);
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await release().catch(() => undefined);
  };
}
