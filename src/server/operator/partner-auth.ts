import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.ts';

/** Every /partner/v1 call needs `Authorization: Bearer <key>`. */
export function requirePartnerKey(app: FastifyInstance, key: string): void {
  const expected = Buffer.from(`Bearer ${key}`);
  app.addHook('onRequest', async (request) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new HttpError(
        401,
        'InvalidApiKey',
        'A valid partner API key is required: Authorization: Bearer <PARTNER_API_KEY>.',
      );
    }
  });
}
