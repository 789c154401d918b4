import type { FastifyInstance } from 'fastify';
import { imageRenditionEndpoint, imageUploadLimitBytes, uploadImageEndpoint } from '#shared/api/stylists.ts';
import type { AppContext } from '../app-context.ts';
import type { StaffServe } from '../audit/audited-doors.ts';
import { notFound } from '../http/errors.ts';
import { route } from '../http/routes.ts';
import { renditionBytes, storeImage } from './image-service.ts';

/**
 * The staff upload takes the raw bytes (application/octet-stream) of the staff scope only: members
 * and partners have no way to send one.
 */
export function acceptRawUploads(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: imageUploadLimitBytes },
    (_request, body, done) => done(null, body),
  );
}

export function registerImageStaffRoutes(serve: StaffServe, ctx: AppContext): void {
  serve(
    uploadImageEndpoint,
    async (bytes, { caller, audit }) => ({
      image: await storeImage(ctx.db, bytes, (caller as { staffId: string } | null)?.staffId ?? null, audit),
    }),
    { bodyLimit: imageUploadLimitBytes },
  );
}

const renditionFile = /^([1-9][0-9]{1,4})\.webp$/;
const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const missing = () => notFound('NotFound', 'There is no such image.');

/**
 * GET /api/images/:id/:width.webp, public (members' pages show stylists' photos): a rendition never
 * changes, so it is cached for a year and its ETag is its name. Only the widths kept answer.
 */
export function registerImageRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(
    app,
    imageRenditionEndpoint,
    async (_query, request, reply) => {
      const { id, file } = request.params as { id: string; file: string };
      const width = renditionFile.exec(file)?.[1];
      if (!width || !uuidShape.test(id)) throw missing();
      const etag = `"${id}-${width}"`;
      const rendition = await renditionBytes(ctx.db, id, Number(width));
      if (!rendition) throw missing();
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(rendition.contentType).send(rendition.bytes);
      // Nobody's session matters to a public image: none is looked up.
    },
    { anonymous: true },
  );
}
