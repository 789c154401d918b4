import type { FastifyInstance } from 'fastify';
import {
  addSaleCodesEndpoint,
  createSaleEndpoint,
  exportSaleCodesEndpoint,
  memberSalesEndpoint,
  revealCodeEndpoint,
  staffSalesEndpoint,
} from '#shared/api/private-sales.ts';
import type { AppContext } from '../app-context.ts';
import type { StaffServe } from '../audit/audited-doors.ts';
import { route } from '../http/routes.ts';
import { revealCode, salesForMember } from './sales-member-service.ts';
import { addSaleCodes, createSale, listSales, saleCodesCsv } from './sales-staff-service.ts';

/** Home's private sales and the code reveal (signed-in members). */
export function registerPrivateSalesRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, memberSalesEndpoint, async (_query, _request, _reply, session) =>
    salesForMember(ctx.db, ctx.config, session.accountId),
  );
  route(app, revealCodeEndpoint, async (_body, request, _reply, session) => {
    const { id } = request.params as { id: string };
    return revealCode(ctx.db, session.accountId, id);
  });
}

/** The console's private sales: support see them, managers create them and add codes (audited). */
export function registerStaffPrivateSalesRoutes(serve: StaffServe, ctx: AppContext): void {
  serve(staffSalesEndpoint, async () => ({
    sales: await listSales(ctx.db),
    levels: [...ctx.config.vipLevels],
  }));
  serve(
    createSaleEndpoint,
    async (input, { caller, audit }) => ({
      sale: await createSale(ctx, input, (caller as { staffId: string }).staffId, audit),
    }),
    { bodyLimit: 2 * 1024 * 1024 },
  );
  serve(
    addSaleCodesEndpoint,
    async ({ codes }, { params, audit }) => ({
      sale: await addSaleCodes(ctx, params.id, codes, audit),
    }),
    { bodyLimit: 2 * 1024 * 1024 },
  );
  serve(exportSaleCodesEndpoint, async (_query, { params, reply }) => {
    const csv = await saleCodesCsv(ctx.db, params.id);
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="private-sale-codes-${params.id}.csv"`)
      .header('cache-control', 'no-store');
    return csv;
  });
}
