import { describe, expect, it } from 'vitest';
import { requestHash } from './idempotent-writes.ts';

describe('requestHash', () => {
  // A stored write keeps this hash: a replay sent after any change to how it is computed must still
  // match, so these values are pinned (taken before the batch path's faster canonical JSON).
  it('is the hash of the canonical JSON it has always been', () => {
    const purchase = {
      orderId: 'A-1',
      loyaltyId: '123456789012',
      email: undefined,
      channel: 'in-store',
      storeDisplayName: 'Oxford Street',
      fasciaDisplayName: null,
      value: 10000,
      currency: 'GBP',
      points: 100,
      purchasedAt: null,
      discount: null,
    };
    const odd = {
      zeta: [1, 'two', { b: 2, a: [null, true] }],
      Alpha: 'é"\n',
      alpha: new Date('2026-01-02T03:04:05.006Z'),
      10: 'ten',
      2: 'two',
      nothing: undefined,
    };
    expect([purchase, odd, ['x', { y: undefined, x: 1.5 }], 'plain', null].map(requestHash)).toEqual([
      '777108fa8a20b82c72f15a4a2d5a9bb747a1186f3ac10d40af9ef68698faf876',
      '2f32f40ade595d63bb2ee7af31abe777c7111824351c840175baad5494b01e2e',
      'a708d4af3cefb544845315ee087ba5ff1228261b4e3eef57f22d3817aea34b43',
      '945603a8f587786b463c3f94fce115c0fae88fac2728cc96ddf5981cf7f61741',
      '74234e98afe7498fb5daf1f36ac2d78acc339464f950703b8c019892f982b90b',
    ]);
  });

  it('does not depend on the order of the keys', () => {
    expect(requestHash({ a: 1, b: { c: 2, d: 3 } })).toBe(requestHash({ b: { d: 3, c: 2 }, a: 1 }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
  });
});
