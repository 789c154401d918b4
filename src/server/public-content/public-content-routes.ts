import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type PublicPageName, publicPageEndpoint, publicPageNames } from '#shared/api/account.ts';
import type { Config } from '#shared/config.ts';
import type { AppContext } from '../app-context.ts';
import { notFound } from '../http/errors.ts';
import { route } from '../http/routes.ts';

/** The scheme's own pages, used unless a deployment points `contentDir` at its own. */
const defaultContentDir = fileURLToPath(new URL('../../../content/', import.meta.url));

/** A page configured to live elsewhere is not served here (SPEC §2 public routes). */
function externalUrlOf(config: Config, page: PublicPageName): string | null {
  if (page === 'terms') return config.externalTermsUrl;
  if (page === 'faq') return config.externalFaqUrl;
  return config.privacyPolicyUrl;
}

/** The Markdown of a page: the locale's own file first, then the default one. */
async function readPublicPage(config: Config, page: PublicPageName): Promise<string | null> {
  const dir = resolve(config.contentDir ?? defaultContentDir);
  for (const file of [join(dir, config.locale, `${page}.md`), join(dir, `${page}.md`)]) {
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT') throw error;
    }
  }
  return null;
}

export function registerPublicContentRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, publicPageEndpoint, async (_query, request, reply) => {
    const { name } = request.params as { name: string };
    const page = publicPageNames.find((candidate) => candidate === name);
    if (!page || externalUrlOf(ctx.config, page)) throw notFound('NotFound', 'There is no page at this URL.');
    const markdown = await readPublicPage(ctx.config, page);
    if (markdown === null) throw notFound('NotFound', 'There is no page at this URL.');
    reply.header('cache-control', 'public, max-age=300');
    return { success: true, markdown };
  });
}
