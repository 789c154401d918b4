import type { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { parseOrThrow } from '../http/routes.ts';
import type { AccountRow } from '../members/account-service.ts';
import { type deviceParams, type passParams, registrationBody } from './passkit-schemas.ts';
import {
  accountOfPass,
  findPass,
  isAuthorised,
  refreshPass,
  refreshRegisteredPasses,
} from './wallet-passes.ts';
import { registerDevice, serialsUpdatedSince, unregisterDevice } from './wallet-registrations.ts';

type Device = z.output<typeof deviceParams>;
type DevicePass = z.output<typeof passParams>;

/**
 * Apple's PassKit web service rules: calls about one pass carry `Authorization: ApplePass <token>`
 * for this programme's pass type; each answers the HTTP status Apple's protocol names.
 */
export function passkitService(ctx: AppContext, authKey: () => Buffer) {
  const passTypeId = ctx.config.wallet.apple.passTypeIdentifier;

  async function authorisedPass(
    authorization: string | undefined,
    params: { passTypeIdentifier: string; serialNumber: string },
  ) {
    if (params.passTypeIdentifier !== passTypeId) return null;
    if (!isAuthorised(authKey(), params.serialNumber, authorization)) return null;
    return (await findPass(ctx.db, params.serialNumber)) ?? null;
  }

  return {
    /** 201 for a new registration, 200 for a known one, 401 without the pass's token (before the body is read). */
    async register(authorization: string | undefined, params: DevicePass, body: unknown) {
      if (!(await authorisedPass(authorization, params))) return 401;
      const { pushToken } = parseOrThrow(registrationBody, body ?? {});
      return (await registerDevice(ctx.db, params, pushToken)) ? 201 : 200;
    },

    async unregister(authorization: string | undefined, params: DevicePass) {
      if (!(await authorisedPass(authorization, params))) return 401;
      await unregisterDevice(ctx.db, params);
      return 200;
    },

    /** The serials of the device's passes changed since the tag (their content refreshed first); null: none. */
    async updatedSerials(params: Device, since: string | undefined) {
      if (params.passTypeIdentifier !== passTypeId) return null;
      await refreshRegisteredPasses(ctx.db, ctx.config, params.deviceLibraryIdentifier);
      const rows = await serialsUpdatedSince(ctx.db, params, since ?? '0');
      if (rows.length === 0) return null;
      return {
        serialNumbers: rows.map((row) => row.serial_number),
        lastUpdated: String(rows.at(-1)?.update_seq),
      };
    },

    /** The pass's member; 304 when the device's copy is current (HTTP dates have whole seconds); 401 or 404. */
    async latestPass(
      authorization: string | undefined,
      params: Omit<DevicePass, 'deviceLibraryIdentifier'>,
      ifModifiedSince: string | undefined,
    ): Promise<AccountRow | 304 | 401 | 404> {
      const pass = await authorisedPass(authorization, params);
      if (!pass) return 401;
      const account = await accountOfPass(ctx.db, pass);
      if (!account) return 404;
      const { row } = await refreshPass(ctx.db, ctx.config, account);
      const since = Date.parse(ifModifiedSince ?? '');
      const updated = Math.floor(new Date(row.updated_at).getTime() / 1000) * 1000;
      return !Number.isNaN(since) && updated <= since ? 304 : account;
    },
  };
}
