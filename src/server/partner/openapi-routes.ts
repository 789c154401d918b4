import { docsPage, openApiDocument } from '#shared/api/partner-admin-endpoints.ts';
import type { AppContext } from '../app-context.ts';
import type { PartnerServe } from '../audit/audited-doors.ts';
import { docsPageHtml } from './docs-page.ts';
import { partnerOpenApi } from './openapi.ts';

/**
 * The partner API's own description, without a key: GET /partner/v1/openapi.json (OpenAPI 3.1) and
 * GET /partner/v1/docs, a plain server-rendered page of every operation (no script, no outside
 * asset: the CSP holds), so a till or web-shop integrator needs nothing else.
 */
export function registerOpenApiRoutes(serve: PartnerServe, ctx: AppContext): void {
  // Made on first request, not at start: turning every operation's zod schemas into JSON Schema
  // took about 0.15 s of the start, for two pages few servers are ever asked for.
  let made: { document: ReturnType<typeof partnerOpenApi>; page: string } | undefined;
  const docs = () => {
    if (!made) {
      const document = partnerOpenApi(ctx.origin);
      made = { document, page: docsPageHtml(document) };
    }
    return made;
  };
  serve(openApiDocument, async () => docs().document);
  serve(docsPage, async (_none, { reply }) => reply.type('text/html; charset=utf-8').send(docs().page));
}
