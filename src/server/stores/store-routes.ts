import { createStoreEndpoint, storesEndpoint, updateStoreEndpoint } from '#shared/api/stylists.ts';
import type { AppContext } from '../app-context.ts';
import type { StaffServe } from '../audit/audited-doors.ts';
import { createStore, listStores, updateStore } from './store-service.ts';

/** Stores in the console: every staff member reads them (a stylist picks a home store), admins change them. */
export function registerStoreStaffRoutes(serve: StaffServe, ctx: AppContext): void {
  serve(storesEndpoint, async () => ({ stores: await listStores(ctx.db) }));
  serve(createStoreEndpoint, async (input, { audit }) => ({
    store: await createStore(ctx.db, input, audit),
  }));
  serve(updateStoreEndpoint, async ({ id, ...input }, { audit }) => ({
    store: await updateStore(ctx.db, id, input, audit),
  }));
}
