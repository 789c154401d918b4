import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Creates `dir` if needed and takes group and world permissions off it and everything in it
 * (folders 0700, files 0600 at most): DATA_DIR holds members' data, the operator key and mail.
 * Data directories made by older versions (PGlite files were 0666) are fixed at the next start.
 */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await restrict(dir);
}

async function restrict(path: string): Promise<void> {
  const stat = await lstat(path);
  if (stat.isSymbolicLink()) return;
  if ((stat.mode & 0o077) !== 0) await chmod(path, stat.mode & 0o700);
  if (!stat.isDirectory()) return;
  for (const name of await readdir(path)) await restrict(join(path, name));
}
