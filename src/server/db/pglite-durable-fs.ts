import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/*
 * PGlite 0.5 keeps its files in a folder through Emscripten's NODEFS, which has two gaps for a
 * server that holds members' points (docs/decisions/0023-embedded-database-one-process-commits-forced.md):
 *   - NODEFS has no fsync: PostgreSQL's fsync() reaches Emscripten's fd_sync, finds no
 *     stream_ops.fsync and returns without touching the disk; PGlite also starts PostgreSQL
 *     with -F (fsync=off), so it does not even try. An acknowledged commit sat in the page cache.
 *   - NODEFS creates files 0666 and directories 0777 (and chmods them so), whatever the umask.
 * This file system closes both: fsync reaches the disk, and nothing is readable by other users.
 */

/** The bits of Emscripten's NODEFS this file changes (it is not typed by PGlite). */
interface NodeFsInternals {
  stream_ops: { fsync?: (stream: { nfd: number }) => number };
  node_ops: { mknod: (parent: unknown, name: string, mode: number, dev: number) => unknown };
  doSetAttr: (path: unknown, node: unknown, attr: { mode?: number }, ...rest: unknown[]) => void;
}

const ownerOnly = ~0o077;

/** NODEFS whose fsync reaches the disk and whose files are 0600, folders 0700. */
export class DurablePrivateNodeFS extends NodeFS {
  /** fsync calls that reached the disk (the durability benchmark reports them per commit). */
  syncs = 0;

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const patch = (mod: { NODEFS: unknown }) => {
      const nodefs = mod.NODEFS as NodeFsInternals;
      nodefs.stream_ops.fsync = (stream) => {
        fsyncSync(stream.nfd);
        this.syncs++;
        return 0;
      };
      const mknod = nodefs.node_ops.mknod;
      nodefs.node_ops.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ownerOnly, dev);
      const doSetAttr = nodefs.doSetAttr;
      nodefs.doSetAttr = (path, node, attr, ...rest) =>
        doSetAttr(
          path,
          node,
          attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ownerOnly },
          ...rest,
        );
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), patch] } };
  }
}

/**
 * PGlite's own start parameters with fsync back on (no -F) and the WAL synced with fsync(), the one
 * call NODEFS now passes to the disk (Emscripten turns fdatasync into a no-op).
 */
export const durableStartParams: string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];
