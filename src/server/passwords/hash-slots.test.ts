import { describe, expect, it } from 'vitest';
import { hashesAtOnce, slotted } from './hash-slots.ts';

/** A piece of work that runs until it is told to finish (or fail). */
function controllable() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  let started = false;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    work: () => {
      started = true;
      return done;
    },
    get started() {
      return started;
    },
    finish: () => finish(),
    fail: (error: Error) => fail(error),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('slotted', () => {
  it('runs at most its slots at once, the rest in the order they asked', async () => {
    const inSlot = slotted(2);
    const works = Array.from({ length: 4 }, controllable);
    const results = works.map((w) => inSlot(w.work));
    await settle();
    expect(works.map((w) => w.started)).toEqual([true, true, false, false]);
    works[1]?.finish();
    await settle();
    expect(works.map((w) => w.started)).toEqual([true, true, true, false]);
    works[0]?.finish();
    await settle();
    expect(works.map((w) => w.started)).toEqual([true, true, true, true]);
    works[2]?.finish();
    works[3]?.finish();
    await Promise.all(results);
  });

  it('gives the slot of work that threw to the next caller, and the error to its own', async () => {
    const inSlot = slotted(1);
    const failing = controllable();
    const next = controllable();
    const failed = inSlot(failing.work);
    const after = inSlot(next.work);
    await settle();
    expect(next.started).toBe(false);
    failing.fail(new Error('wrong hash format'));
    await expect(failed).rejects.toThrow('wrong hash format');
    await settle();
    expect(next.started).toBe(true);
    next.finish();
    await after;
    // Both slots' work is over: a new caller starts at once.
    const last = controllable();
    const lastResult = inSlot(last.work);
    await settle();
    expect(last.started).toBe(true);
    last.finish();
    await lastResult;
  });
});

describe('hashesAtOnce', () => {
  it('is one per core, leaving libuv at least one thread of its pool', () => {
    expect(hashesAtOnce(2, 4)).toBe(2);
    expect(hashesAtOnce(8, 4)).toBe(3);
    expect(hashesAtOnce(8, 16)).toBe(8);
    expect(hashesAtOnce(1, 4)).toBe(1);
    expect(hashesAtOnce(4, 1)).toBe(1);
  });
});
