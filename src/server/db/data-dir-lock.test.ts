import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';

describe('data directory lock', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'loyalty-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('data directory lock: a live process holding it is named with the directory, and the lock is kept', async () => {
    const dir = tempDir();
    const other = spawn('sleep', ['30']);
    try {
      const started = readFileSync(`/proc/${other.pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[19];
      writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid: other.pid, started }));
      expect(() => lockDataDir(dir)).toThrow(
        `The data directory ${dir} is in use by another server (process ${other.pid}).`,
      );
      expect(JSON.parse(readFileSync(join(dir, 'server.lock'), 'utf8')).pid).toBe(other.pid);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('data directory lock: a lock left by a process that died is taken over, and released on close', () => {
    const dir = tempDir();
    const dead = spawnSync('true').pid;
    writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid: dead, started: '1' }));
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, 'server.lock'), 'utf8')).pid).toBe(process.pid);
    lock.release();
    lockDataDir(dir).release();
  });

  it('data directory lock: a reused pid (alive, but started at another time) does not block a restart', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid: process.ppid, started: '1' }));
    lockDataDir(dir).release();
  });

  it('data directory lock: one process cannot open the same directory twice', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    lock.release();
  });
});
