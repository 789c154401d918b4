import type { FastifyInstance } from 'fastify';
import {
  createGuideEndpoint,
  memberGuideEndpoint,
  memberGuidesEndpoint,
  previewGuideEndpoint,
  staffGuidesEndpoint,
  updateGuideEndpoint,
} from '#shared/api/style-guides.ts';
import type { AppContext } from '../app-context.ts';
import type { StaffServe } from '../audit/audited-doors.ts';
import { route } from '../http/routes.ts';
import { publishedGuide, publishedGuides } from './guides-member-service.ts';
import { createGuide, listGuides, previewGuide, updateGuide } from './guides-staff-service.ts';

/** The published guides and each guide (signed-in members). */
export function registerStyleGuidesRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, memberGuidesEndpoint, async () => ({ guides: await publishedGuides(ctx.db, ctx.config) }));
  route(app, memberGuideEndpoint, async (_query, request) => {
    const { id } = request.params as { id: string };
    return { guide: await publishedGuide(ctx.db, ctx.config, id) };
  });
}

/** The console's guides: support read and preview them, managers write and schedule them (audited). */
export function registerStaffStyleGuidesRoutes(serve: StaffServe, ctx: AppContext): void {
  const guideBodyLimit = 512 * 1024;
  serve(staffGuidesEndpoint, async () => listGuides(ctx.db));
  serve(previewGuideEndpoint, async (input) => previewGuide(input), { bodyLimit: guideBodyLimit });
  serve(
    createGuideEndpoint,
    async (input, { caller, audit }) => ({
      guide: await createGuide(ctx, input, (caller as { staffId: string }).staffId, audit),
    }),
    { bodyLimit: guideBodyLimit },
  );
  serve(
    updateGuideEndpoint,
    async (input, { params, audit }) => ({ guide: await updateGuide(ctx, params.id, input, audit) }),
    { bodyLimit: guideBodyLimit },
  );
}
