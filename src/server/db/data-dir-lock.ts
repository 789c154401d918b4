import {
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * One process at a time on an embedded data directory: two PGlite instances on one folder each
 * believe they own it and overwrite each other's pages and WAL (acknowledged purchases
 * vanished after a restart). The lock is a file holding the owner's pid, created atomically; a lock
 * whose process is gone (kill -9, power cut) is stale and taken over, so it never blocks a restart.
 */

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another server (process ${pid}). ` +
        'One process at a time may open the embedded database: stop that process first, ' +
        'or give this server its own DATA_DIR (several servers need PostgreSQL via DATABASE_URL).',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  release(): void;
}

interface Holder {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux), so a reused pid is not mistaken for it. */
  started: string | null;
}

const lockName = 'server.lock';
/** Directories this process holds: its own pid in a lock file is otherwise read as a dead predecessor's. */
const heldHere = new Set<string>();

/** Takes the data directory for this process or throws DataDirInUseError naming the live owner. */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  const path = join(dir, lockName);
  if (heldHere.has(dir)) throw new DataDirInUseError(dir, process.pid);
  const mine: Holder = { pid: process.pid, started: processStart(process.pid) };
  for (let attempt = 0; attempt < 50; attempt++) {
    if (createWithContent(path, `${JSON.stringify(mine)}\n`)) {
      heldHere.add(dir);
      const release = () => {
        heldHere.delete(dir);
        releaseIfMine(path);
      };
      process.once('exit', release);
      return {
        release() {
          process.removeListener('exit', release);
          release();
        },
      };
    }
    const current = readHolder(path);
    if (!current) continue; // removed meanwhile: try again
    if (isAlive(current.holder)) throw new DataDirInUseError(dir, current.holder.pid);
    takeOverStale(path, current.ino);
  }
  throw new Error(`Could not lock the data directory ${dir}: its lock file ${path} keeps changing.`);
}

/** Creates `path` with `content` in one step (link of a finished temporary file): false if it exists. */
function createWithContent(path: string, content: string): boolean {
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

function readHolder(path: string): { holder: Holder; ino: number } | null {
  try {
    const ino = statSync(path).ino;
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
    const pid = Number(parsed.pid);
    // An unreadable lock can only come from outside this program; treat it as stale.
    return {
      holder: { pid: Number.isInteger(pid) && pid > 0 ? pid : 0, started: parsed.started ?? null },
      ino,
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    if (error instanceof SyntaxError) return { holder: { pid: 0, started: null }, ino: statSync(path).ino };
    throw error;
  }
}

function isAlive(holder: Holder): boolean {
  // Our own pid in the lock means a previous process with this pid died (containers reuse pid 1).
  if (holder.pid <= 0 || holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = processStart(holder.pid);
  return !(holder.started && started && started !== holder.started);
}

/**
 * Moves the stale lock aside, unless another starter replaced it meanwhile (then puts theirs back).
 * Renaming is atomic, so of several processes finding the same stale lock one removes it and the
 * others then meet the winner's lock.
 */
function takeOverStale(path: string, staleIno: number): void {
  const aside = `${path}.stale-${process.pid}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (statSync(aside).ino !== staleIno) {
    try {
      linkSync(aside, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  unlinkSync(aside);
}

function releaseIfMine(path: string): void {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
    if (holder.pid === process.pid) unlinkSync(path);
  } catch {
    // Already gone or replaced: nothing of ours to remove.
  }
}

/** Field 22 of /proc/<pid>/stat; null where there is no /proc (macOS), which falls back to the pid alone. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}
