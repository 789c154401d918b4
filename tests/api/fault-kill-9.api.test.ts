import { afterEach, describe, expect, inject, it } from 'vitest';
import {
  createServerStore,
  type ServerProcess,
  type ServerStore,
  startServer,
} from '../support/server-process.ts';

/**
 * Fault test: a server killed with SIGKILL in the middle of a stream of till purchases.
 * A 201 is a promise; after a restart on the same data every acknowledged purchase must still be
 * there, and the member's points must add up to exactly the purchases the ledger holds.
 * Runs on the embedded database and, in CI's second pass, on PostgreSQL.
 */
describe('fault: kill -9 under load', () => {
  let store: ServerStore | undefined;
  const servers: ServerProcess[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.kill9();
    await store?.remove();
  });

  it('kill -9 under load: the restart takes over the dead process, and every acknowledged purchase is there with the points they add up to', async () => {
    store = await createServerStore({ pgliteTemplate: inject('pgliteTemplate') });
    const first = await startServer(store);
    servers.push(first);
    const member = await first.partner<{ member: { loyaltyId: string } }>('POST', '/members', {
      email: `killed-${Date.now()}@example.com`,
      name: 'Kim Kill',
      password: 'correct-horse-battery',
    });
    expect(member.status, JSON.stringify(member.body)).toBe(201);
    const loyaltyId = member.body.member.loyaltyId;

    const sent: Record<string, unknown>[] = [];
    const acknowledged = new Set<string>();
    const failures: string[] = [];
    let killed = false;
    const till = async (lane: number) => {
      for (let i = 0; !killed; i++) {
        const body = {
          orderId: `kill9-${lane}-${i}`,
          loyaltyId,
          channel: 'ecommerce',
          value: 1_000 + i,
          currency: 'GBP',
          points: 1 + ((lane * 31 + i * 7) % 97),
        };
        sent.push(body);
        try {
          const res = await first.partner('POST', '/purchases', body);
          if (res.status === 201) acknowledged.add(body.orderId);
          else return void failures.push(`${body.orderId}: ${res.status} ${JSON.stringify(res.body)}`);
        } catch {
          return; // the connection died with the server: this one was never acknowledged
        }
      }
    };
    const lanes = [0, 1, 2, 3].map(till);
    const deadline = Date.now() + 15_000;
    while (acknowledged.size < 60 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    killed = true;
    await first.kill9();
    await Promise.all(lanes);
    expect(failures).toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(20);

    // Same data directory (its lock names a dead process) or same PostgreSQL schema.
    const second = await startServer(store);
    servers.push(second);
    const lost: string[] = [];
    for (const body of sent) {
      // A replay of an order the ledger holds answers "replayed"; a lost one would be recorded anew.
      const res = await second.partner('POST', '/purchases', body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      if (acknowledged.has(String(body.orderId)) && !res.replayed) lost.push(String(body.orderId));
    }
    expect(lost, `${lost.length} of ${acknowledged.size} acknowledged purchases were lost`).toEqual([]);

    // Every order sent is now in the ledger exactly once: the points are exactly their sum.
    const details = await second.partner<{ member: { pointsBalance: number; pendingPointsBalance: number } }>(
      'GET',
      `/members/${loyaltyId}`,
    );
    const expected = sent.reduce((sum, body) => sum + Number(body.points), 0);
    expect(details.body.member.pointsBalance + details.body.member.pendingPointsBalance).toBe(expected);
  }, 120_000);
});
