import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { parseOrThrow } from '../http/routes.ts';
import { deviceParams, logBody, passParams, updatedSinceQuery } from './passkit-schemas.ts';
import { passkitService } from './passkit-service.ts';
import { sendPass, type WalletService } from './wallet-service.ts';

/**
 * Apple's PassKit web service (developer.apple.com/documentation/walletpasses/adding-a-web-service-to-update-passes):
 * devices register for updates of a pass, ask which serials changed since a tag, fetch the latest
 * pass and send their logs (the rules: passkit-service.ts).
 */
export function registerPassKitWebService(
  scope: FastifyInstance,
  ctx: AppContext,
  wallet: WalletService,
): void {
  const passkit = passkitService(ctx, wallet.authKey);
  // Devices may send DELETE with a JSON content type and no body.
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body ? JSON.parse(String(body)) : {});
    } catch {
      done(null, {});
    }
  });

  const registrationPath =
    '/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber';

  scope.post(registrationPath, async (request, reply) => {
    const params = parseOrThrow(passParams, request.params);
    return reply.code(await passkit.register(request.headers.authorization, params, request.body)).send();
  });

  scope.delete(registrationPath, async (request, reply) => {
    const params = parseOrThrow(passParams, request.params);
    return reply.code(await passkit.unregister(request.headers.authorization, params)).send();
  });

  scope.get('/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier', async (request, reply) => {
    const params = parseOrThrow(deviceParams, request.params);
    const { passesUpdatedSince } = parseOrThrow(updatedSinceQuery, request.query ?? {});
    const updated = await passkit.updatedSerials(params, passesUpdatedSince);
    return updated ? reply.send(updated) : reply.code(204).send();
  });

  scope.get('/passes/:passTypeIdentifier/:serialNumber', async (request, reply) => {
    const params = parseOrThrow(passParams.omit({ deviceLibraryIdentifier: true }), request.params);
    const { authorization, 'if-modified-since': since } = request.headers;
    const latest = await passkit.latestPass(authorization, params, since);
    return typeof latest === 'number'
      ? reply.code(latest).send()
      : sendPass(reply, await wallet.applePass(latest));
  });

  scope.post('/log', async (request, reply) => {
    const body = parseOrThrow(logBody, request.body ?? {});
    for (const line of body.logs) ctx.log.warn({ passkit: line }, 'Apple Wallet device log');
    return reply.code(200).send();
  });
}
