import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Creates `dir` if needed and takes group and world permissions off it and everything in it
 * (folders 0700, files 0600 at most): DATA_DIR holds members' data, the operator key and mail.
 * Data directories made by older versions (PGlite files were 0666) are fixed at the next start.
 */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  restrict(dir);
}

/**
 * Synchronous on purpose: it runs once, before the database opens, over about 1,200 files of a
 * PGlite folder; awaiting each lstat (a thread-pool round trip each) took 90–140 ms of the start,
 * the synchronous walk 16–58 ms (load 6.4).
 */
function restrict(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if ((stat.mode & 0o077) !== 0) chmodSync(path, stat.mode & 0o700);
  if (!stat.isDirectory()) return;
  for (const name of readdirSync(path)) restrict(join(path, name));
}
