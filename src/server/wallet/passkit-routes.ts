import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { text } from '#shared/api/text.ts';
import type { AppContext } from '../app-context.ts';
import { parseOrThrow } from '../http/routes.ts';
import type { AccountRow } from '../members/account-service.ts';
import {
  accountOfPass,
  findPass,
  isAuthorised,
  refreshPass,
  refreshRegisteredPasses,
} from './wallet-passes.ts';
import { registerDevice, serialsUpdatedSince, unregisterDevice } from './wallet-registrations.ts';

export const deviceParams = z.object({
  deviceLibraryIdentifier: text({ trim: false }).min(1).max(256),
  passTypeIdentifier: text({ trim: false }).min(1).max(256),
});
export const passParams = deviceParams.extend({ serialNumber: text({ trim: false }).min(1).max(256) });

/**
 * Apple's PassKit web service (developer.apple.com/documentation/walletpasses/adding-a-web-service-to-update-passes):
 * devices register for updates of a pass, ask which serials changed since a tag, fetch the latest
 * pass and send their logs. Calls about one pass carry `Authorization: ApplePass <token>`.
 */
export function registerPassKitWebService(
  scope: FastifyInstance,
  ctx: AppContext,
  authKey: Buffer,
  sendPass: (reply: FastifyReply, account: AccountRow) => Promise<FastifyReply>,
): void {
  const passTypeId = ctx.config.wallet.apple.passTypeIdentifier;
  // Devices may send DELETE with a JSON content type and no body.
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body ? JSON.parse(String(body)) : {});
    } catch {
      done(null, {});
    }
  });

  async function authorisedPass(
    request: FastifyRequest,
    params: { passTypeIdentifier: string; serialNumber: string },
  ) {
    if (params.passTypeIdentifier !== passTypeId) return null;
    if (!isAuthorised(authKey, params.serialNumber, request.headers.authorization)) return null;
    return (await findPass(ctx.db, params.serialNumber)) ?? null;
  }

  const registrationPath =
    '/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber';

  scope.post(registrationPath, async (request, reply) => {
    const params = parseOrThrow(passParams, request.params);
    const pass = await authorisedPass(request, params);
    if (!pass) return reply.code(401).send();
    const body = parseOrThrow(
      z.object({ pushToken: text({ trim: false }).min(1).max(512) }),
      request.body ?? {},
    );
    const created = await registerDevice(ctx.db, params, body.pushToken);
    return reply.code(created ? 201 : 200).send();
  });

  scope.delete(registrationPath, async (request, reply) => {
    const params = parseOrThrow(passParams, request.params);
    const pass = await authorisedPass(request, params);
    if (!pass) return reply.code(401).send();
    await unregisterDevice(ctx.db, params);
    return reply.code(200).send();
  });

  scope.get('/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier', async (request, reply) => {
    const params = parseOrThrow(deviceParams, request.params);
    const { passesUpdatedSince } = parseOrThrow(
      z.object({
        passesUpdatedSince: z
          .string()
          .regex(/^\d{1,18}$/)
          .optional(),
      }),
      request.query ?? {},
    );
    if (params.passTypeIdentifier !== passTypeId) return reply.code(204).send();
    await refreshRegisteredPasses(ctx.db, ctx.config, params.deviceLibraryIdentifier);
    const rows = await serialsUpdatedSince(ctx.db, params, passesUpdatedSince ?? '0');
    if (rows.length === 0) return reply.code(204).send();
    const lastUpdated = String(rows.at(-1)?.update_seq);
    return reply.send({ serialNumbers: rows.map((row) => row.serial_number), lastUpdated });
  });

  scope.get('/passes/:passTypeIdentifier/:serialNumber', async (request, reply) => {
    const params = parseOrThrow(passParams.omit({ deviceLibraryIdentifier: true }), request.params);
    const pass = await authorisedPass(request, params);
    if (!pass) return reply.code(401).send();
    const account = await accountOfPass(ctx.db, pass);
    if (!account) return reply.code(404).send();
    const { row } = await refreshPass(ctx.db, ctx.config, account);
    const since = Date.parse(request.headers['if-modified-since'] ?? '');
    // HTTP dates have whole seconds.
    if (!Number.isNaN(since) && Math.floor(new Date(row.updated_at).getTime() / 1000) * 1000 <= since) {
      return reply.code(304).send();
    }
    return sendPass(reply, account);
  });

  scope.post('/log', async (request, reply) => {
    const body = parseOrThrow(z.object({ logs: z.array(z.string().max(4096)).max(100) }), request.body ?? {});
    for (const line of body.logs) ctx.log.warn({ passkit: line }, 'Apple Wallet device log');
    return reply.code(200).send();
  });
}
