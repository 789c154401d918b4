import { execFile } from 'node:child_process';
import { chownSync } from 'node:fs';
import { createServer } from 'node:net';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A TCP port nothing listens on now, for a server the test starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const asRoot = process.getuid?.() === 0;

/**
 * Runs one of PostgreSQL's or PgBouncer's programs; as root, as the `postgres` user (both refuse to
 * run as root), so the `paths` it writes are handed to that user first.
 */
export async function runAsPostgres(program: string, args: string[], paths: string[] = []) {
  if (!asRoot) return run(program, args);
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
  for (const path of paths) chownSync(path, uid, gid);
  return run('runuser', ['-u', 'postgres', '--', program, ...args]);
}
