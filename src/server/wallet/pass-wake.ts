import type { FastifyRequest } from 'fastify';

/**
 * Write requests that changed no wallet pass. Every other write wakes the wallet sync when it has
 * answered (wallet-routes.ts), and each wake costs the database a look for passes due; under a
 * stream of purchases by members without a pass that was a query for every other purchase. A route
 * that knows no pass changed (a purchase says whether its member has one) marks its request here.
 */
const untouched = new WeakSet<FastifyRequest>();

export function noPassChanged(request: FastifyRequest): void {
  untouched.add(request);
}

export function mayHaveChangedPass(request: FastifyRequest): boolean {
  return request.method !== 'GET' && request.method !== 'HEAD' && !untouched.has(request);
}
