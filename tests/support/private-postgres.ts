import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, runAsPostgres } from './postgres-programs.ts';

/**
 * A PostgreSQL server of a test's own, on a free port and a throw-away data folder, that the test may
 * stop, crash, freeze and start again without touching the machine's shared one (the other API tests
 * run on that one at the same time). Made with the machine's own PostgreSQL programs (initdb, pg_ctl);
 * as root they run as the `postgres` user, since PostgreSQL refuses to run as root.
 */
export interface PrivatePostgres {
  url: string;
  /** Runs one statement on a connection of its own. */
  query<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  /** Ends every other connection to the server, as an operator or a failover would. */
  terminateConnections(): Promise<number>;
  /** Stops at once, without a checkpoint (as a crash or a failover does); start() recovers. */
  crash(): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP / SIGCONT to every process of the server: a database that stops answering altogether. */
  freeze(): Promise<void>;
  thaw(): Promise<void>;
  remove(): Promise<void>;
}

/** The newest installed PostgreSQL's programs (Debian keeps each version under /usr/lib/postgresql). */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  const newest = versions.at(-1);
  if (!newest) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  return join(root, newest, 'bin');
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'loyalty-private-pg-'));
  const pgCommand = (program: string, args: string[]) => runAsPostgres(join(bin, program), args, [dir]);
  const data = join(dir, 'data');
  await pgCommand('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  const port = await freePort();
  // No fsync: the test crashes the server, never the machine, so the operating system keeps every
  // write PostgreSQL made; recovery after a crash still replays the WAL as it would in production.
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const start = async () => {
    await pgCommand('pg_ctl', ['-D', data, '-o', settings, '-l', join(dir, 'log'), '-w', 'start']);
  };
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const query = async <T>(sql: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  };
  const pids = (): number[] => {
    const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
        } catch {
          return false;
        }
      })
      .map(Number);
    return [postmaster, ...children];
  };
  const signalAll = (signal: NodeJS.Signals) => {
    for (const pid of pids()) process.kill(pid, signal);
  };
  await start();
  return {
    url,
    query,
    async terminateConnections() {
      const rows = await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE pid <> pg_backend_pid() AND backend_type = 'client backend') AS ended`,
      );
      return rows[0]?.n ?? 0;
    },
    async crash() {
      await pgCommand('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    start,
    async freeze() {
      signalAll('SIGSTOP');
    },
    async thaw() {
      signalAll('SIGCONT');
    },
    async remove() {
      await pgCommand('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
