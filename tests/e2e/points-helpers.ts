import { expect, type Member } from './fixtures.ts';

export type Partner = (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: unknown }>;

let seq = 0;
export const orderId = () => `E2E-${Date.now().toString(36)}-${++seq}`;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** A member with an old confirmed in-store purchase and a recent pending online one. */
export async function history(partner: Partner, member: Member, confirmed = 1_730, pending = 420) {
  const old = await partner('POST', '/purchases', {
    orderId: orderId(),
    loyaltyId: member.loyaltyId,
    channel: 'in-store',
    storeDisplayName: 'Oxford Street',
    fasciaDisplayName: 'Flagship',
    value: 17_300,
    currency: 'GBP',
    points: confirmed,
    purchasedAt: daysAgo(45),
  });
  expect(old.status).toBe(201);
  const recent = await partner('POST', '/purchases', {
    orderId: orderId(),
    loyaltyId: member.loyaltyId,
    channel: 'ecommerce',
    fasciaDisplayName: 'Online Store',
    value: 4_200,
    currency: 'GBP',
    points: pending,
  });
  expect(recent.status).toBe(201);
}
