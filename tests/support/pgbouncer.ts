import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A real PgBouncer (Debian's, `apt-get install pgbouncer`) in transaction-pooling mode in front of the
 * PostgreSQL at `upstream`, as production runs it: every database name is passed through (`*`), so a
 * test app's own database is reached through it as `<url>/<database>`. As root it runs as the
 * `postgres` user (PgBouncer refuses to run as root).
 */
export interface PgBouncer {
  /** postgres://user@127.0.0.1:<port> (add /<database>). */
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startPgBouncer(upstream: string): Promise<PgBouncer> {
  const target = new URL(upstream);
  const user = decodeURIComponent(target.username || 'postgres');
  const dir = mkdtempSync(join(tmpdir(), 'loyalty-pgbouncer-'));
  const port = await freePort();
  const pidfile = join(dir, 'pgbouncer.pid');
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432} user=${user}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      'max_client_conn = 2000',
      'default_pool_size = 10',
      // A test app's database is dropped when it closes: its server connections go with it.
      'server_login_retry = 1',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      `pidfile = ${pidfile}`,
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    chownSync(dir, uid, gid);
    chownSync(join(dir, 'pgbouncer.ini'), uid, gid);
  }
  try {
    if (asRoot) await run('runuser', ['-u', 'postgres', '--', 'pgbouncer', '-d', join(dir, 'pgbouncer.ini')]);
    else await run('pgbouncer', ['-d', join(dir, 'pgbouncer.ini')]);
  } catch (error) {
    throw new Error(`PgBouncer did not start (apt-get install -y pgbouncer): ${(error as Error).message}`);
  }
  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (Date.now() > deadline) throw new Error(`PgBouncer is not listening on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}`,
    async stop() {
      try {
        process.kill(Number(readFileSync(pidfile, 'utf8').trim()), 'SIGINT');
      } catch {
        // Already gone.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
