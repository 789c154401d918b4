import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '#cli/main.ts';
import { cliTestApp, closeCliTestApp } from '#tests/support/cli-server.ts';
import type { TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
let output: string[];
let errors: string[];

beforeAll(async () => {
  t = await cliTestApp();
});
afterAll(() => closeCliTestApp(t));

function capture() {
  output = [];
  errors = [];
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => void output.push(String(line)));
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
}
afterEach(() => vi.restoreAllMocks());

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

describe('operator CLI: claims list | approve | refuse', () => {
  it('claims: staff list the queue, approve one with points and refuse another with a reason the member reads', async () => {
    const m = await t.signedInMember({ name: 'Cleo Marsh' });
    const report = (orderId: string) =>
      m.client.post<{ claim: { id: string } }>('/api/purchase-claims', {
        orderId,
        purchasedOn: day(40),
        channel: 'in-store',
        store: 'Oxford Street',
        amount: 12_000,
      });
    const first = (await report('CLI-CLAIM-1')).body.claim.id;
    const second = (await report('CLI-CLAIM-2')).body.claim.id;

    capture();
    expect(await runCli(['claims', 'list'])).toBe(0);
    const listed = output.join('\n');
    expect(listed).toContain(
      `#${first} pending: order CLI-CLAIM-1, ${day(40)}, in store at Oxford Street, 120.00 GBP — Cleo Marsh (${m.loyaltyId})`,
    );
    expect(listed).toContain('not-found: no purchase of this order reached us');

    capture();
    expect(await runCli(['claims', 'approve', first])).toBe(1);
    expect(errors.join('\n')).toContain('give the points to credit');
    capture();
    expect(await runCli(['claims', 'approve', first, '--points', '1200'])).toBe(0);
    expect(output.join('\n')).toContain('credited 1200 points');

    capture();
    expect(await runCli(['claims', 'refuse', second])).toBe(1);
    expect(errors.join('\n')).toContain('claims refuse needs --reason');
    capture();
    expect(
      await runCli(['claims', 'refuse', second, '--reason', 'This order was paid with another card.']),
    ).toBe(0);
    expect(output.join('\n')).toContain('reason: This order was paid with another card.');

    const mine = await m.client.get<{
      claims: { status: string; reason: string | null; points: number | null }[];
    }>('/api/purchase-claims');
    expect(mine.body.claims.map((c) => [c.status, c.points, c.reason])).toEqual([
      ['refused', null, 'This order was paid with another card.'],
      ['approved', 1200, null],
    ]);
    capture();
    expect(await runCli(['claims', 'approve', 'twelve'])).toBe(1);
    expect(errors.join('\n')).toContain("approve needs the claim's number");
  });

  it('claims: a claim approved before the till sent its order is listed as a conflict, and refusing it takes the points back', async () => {
    const claimant = await t.signedInMember({ name: 'Noor Vale' });
    const buyer = await t.signedInMember({ name: 'Ida Rask' });
    const id = (
      await claimant.client.post<{ claim: { id: string } }>('/api/purchase-claims', {
        orderId: 'CLI-CONFLICT-1',
        purchasedOn: day(40),
        channel: 'ecommerce',
        amount: 5_000,
      })
    ).body.claim.id;
    capture();
    expect(await runCli(['claims', 'approve', id, '--points', '400'])).toBe(0);
    const till = await t.partner('POST', '/purchases', {
      orderId: 'CLI-CONFLICT-1',
      loyaltyId: buyer.loyaltyId,
      channel: 'ecommerce',
      value: 5_000,
      currency: 'GBP',
      points: 500,
      purchasedAt: `${day(40)}T12:00:00.000Z`,
    });
    expect(till.status).toBe(201);

    capture();
    expect(await runCli(['claims', 'list'])).toBe(0);
    const listed = output.join('\n');
    expect(listed).toContain(`#${id} approved: order CLI-CONFLICT-1`);
    expect(listed).toContain(
      `CONFLICT: approved before the till sent this order for card ${buyer.loyaltyId}`,
    );

    capture();
    expect(
      await runCli(['claims', 'refuse', id, '--reason', 'The till recorded this order on another card.']),
    ).toBe(0);
    expect(output.join('\n')).toContain('conflict with the till: settled, the points were taken back');
    const viewer = await claimant.client.get<{ account: { pointsBalance: number } }>('/api-w/viewer');
    expect(viewer.body.account.pointsBalance).toBe(0);
  });
});
