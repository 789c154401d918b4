import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, runAsPostgres } from './postgres-programs.ts';

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
  const config = join(dir, 'pgbouncer.ini');
  try {
    await runAsPostgres('pgbouncer', ['-d', config], [dir, config]);
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
