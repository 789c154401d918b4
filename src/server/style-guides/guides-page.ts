import type { StyleGuidesPage } from '#shared/api/boot.ts';
import type { AppContext } from '../app-context.ts';
import { HttpError } from '../http/errors.ts';
import { publishedGuide, publishedGuides } from './guides-member-service.ts';

const guidesPath = /^\/style-guides(?:\/([^/?#]+))?\/?(?:\?.*)?$/;

/**
 * What a signed-in member's style guides page is rendered with on the server (web-host.ts puts it in
 * the boot data), so the list and each guide are read whole before any script runs; undefined for
 * every other page.
 */
export async function styleGuidesPage(ctx: AppContext, url: string): Promise<StyleGuidesPage | undefined> {
  const match = guidesPath.exec(url);
  if (!match) return undefined;
  const id = match[1] ?? null;
  if (id === null) return { kind: 'list', guides: await publishedGuides(ctx.db, ctx.config) };
  try {
    return { kind: 'guide', guide: await publishedGuide(ctx.db, ctx.config, id) };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return { kind: 'missing', id };
    throw error;
  }
}
