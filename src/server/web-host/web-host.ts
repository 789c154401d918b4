import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toPublicConfig } from '#shared/config.ts';
import { signInMethodFromCookies } from '#shared/domain/sign-in-method.ts';
import type { AppContext } from '../app-context.ts';
import { homeData } from '../points/home-service.ts';
import { tellOfflineCard } from '../sessions/offline-card-tag.ts';
import { styleGuidesPage } from '../style-guides/guides-page.ts';
import { viewerForRequest } from '../viewer/viewer-service.ts';
import { type Boot, fillTemplate, serializeBoot } from './boot.ts';
import { type LateFontCut, lateFontCuts } from './font-cuts.ts';
import { webAppManifest } from './installable.ts';
import { type ScreenAssets, screenAssetsOf } from './manifest.ts';

interface SsrModule {
  render(
    url: string,
    boot: Boot,
  ): {
    html: string;
    title: string;
    redirect?: string | null;
    /** The lazy screens rendered whole, and every module they need (build-manifest names). */
    screens?: string[];
    modules?: string[];
    /** The strings the render formatted, by call, for the browser's hydration (primed-formats.ts). */
    formats?: Record<string, string>;
  };
  /** The page the service worker keeps for the network's absence (offline-page.tsx). */
  renderOfflinePage(
    config: Boot['config'],
    account: NonNullable<Boot['viewer']>['account'],
    updatedAt: Date,
  ): {
    html: string;
    title: string;
  };
  /** Resolves once the server-rendered screens' modules have loaded (entry-server.tsx). */
  ready?: Promise<void>;
}

interface WebBuild {
  template: string;
  criticalCss: string;
  /** The @font-face rules, inlined in a block of their own that the browser keeps. */
  fontFaces: string;
  /** The display face's cuts the template does not preload, for the pages that draw them (font-cuts.ts). */
  lateFonts: LateFontCut[];
  ssr: SsrModule | null;
  /** What a page must add to the HTML for the lazy screens rendered in it (manifest.ts). */
  screenAssets: (modules: readonly string[]) => ScreenAssets;
}

export const defaultWebDist = resolve('dist/web');

/** Loads the built web app once at start-up: the HTML template, the entry CSS to inline, the SSR module. */
async function loadWebBuild(webDist: string): Promise<WebBuild | null> {
  const templatePath = join(webDist, 'index.html');
  if (!existsSync(templatePath)) return null;
  let template = readFileSync(templatePath, 'utf8');
  let criticalCss = '';
  // The entry stylesheet is inlined so first paint waits for no request (DESIGN "First paint").
  template = template.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (_tag, href: string) => {
    criticalCss += readFileSync(join(webDist, href), 'utf8');
    return `<meta name="app-stylesheet" content="${href}">`;
  });
  // The font faces, which the build keeps out of the stylesheets (vite.config.ts fontFacesApart), in a
  // block of their own that the browser keeps when it drops the inline CSS.
  const assets = join(webDist, 'assets');
  const fontFaces = existsSync(assets)
    ? readdirSync(assets)
        .filter((file) => /^font-faces-[0-9a-f]+\.css$/.test(file))
        .map((file) => readFileSync(join(assets, file), 'utf8'))
        .join('')
    : '';
  const ssrPath = join(webDist, '..', 'server', 'entry-server.js');
  const ssr = existsSync(ssrPath) ? ((await import(pathToFileURL(ssrPath).href)) as SsrModule) : null;
  await ssr?.ready;
  return {
    template,
    criticalCss,
    fontFaces,
    lateFonts: lateFontCuts(template, fontFaces),
    ssr,
    screenAssets: screenAssetsOf(webDist),
  };
}

/** Serves the built web app: static assets, and every other GET as the app's HTML page. */
export async function registerWebHost(
  app: FastifyInstance,
  ctx: AppContext,
  webDist: string | null,
): Promise<{
  renderPage: (request: FastifyRequest, reply: FastifyReply, status: number) => Promise<FastifyReply>;
}> {
  const build = webDist ? await loadWebBuild(webDist) : null;
  if (webDist && build) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      allowedPath: (path) => path !== '/index.html',
      // scripts/precompress.mjs wrote a .br and a .gz beside each asset at build time.
      preCompressed: true,
      // Hashed asset names never change content: cache them for a year.
      setHeaders: (reply: { header(name: string, value: string): unknown }, path: string) => {
        if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
        // The service worker is checked for a new version at every visit: never kept by a cache, so
        // a deploy's worker (and with it its caches' new names) takes over at once.
        else if (path.endsWith('/sw.js')) reply.header('cache-control', 'no-cache');
      },
    });
  } else {
    ctx.log.warn('no web build found: run `npm run build` to serve the web app');
  }
  const publicConfig = toPublicConfig(ctx.config);
  const secure = new URL(ctx.origin).protocol === 'https:';

  async function renderPage(request: FastifyRequest, reply: FastifyReply, status: number) {
    reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!build) return reply.send('The web app is not built. Run `npm run build`.');
    // The page carries the viewer, so the first paint needs no call: visitors get Landing and Sign in
    // rendered here, members Home whole (with its recent activity) and the layout around their other
    // screens (lazy: the browser renders those, see lazyScreen).
    const viewer = (await viewerForRequest(ctx, request)).body;
    tellOfflineCard(reply, viewer.account ? (request.session?.tokenHash ?? null) : null);
    const boot: Boot = {
      config: publicConfig,
      viewer,
      status,
      signInMethod: signInMethodFromCookies(request.headers.cookie ?? '', secure),
    };
    if (status === 200 && isHome(request.url) && viewer.account && !viewer.homeRedirect && request.session)
      boot.home = await homeData(ctx, request.session.accountId);
    // The style guides are read whole from the HTML, before (or without) the app's JavaScript.
    if (status === 200 && viewer.account && !viewer.homeRedirect && request.session) {
      const guides = await styleGuidesPage(ctx, request.url);
      if (guides) boot.styleGuides = guides;
    }
    const rendered = build.ssr ? build.ssr.render(request.url, boot) : null;
    // A page that would only send the browser elsewhere (a signed-out visitor on a members' path…).
    if (rendered?.redirect && status === 200)
      return reply.code(302).header('location', rendered.redirect).send();
    const title = rendered?.title ?? ctx.config.title;
    if (rendered?.screens?.length) boot.screens = rendered.screens;
    if (rendered?.formats && Object.keys(rendered.formats).length) boot.formats = rendered.formats;
    const screen = build.screenAssets(rendered?.modules ?? []);
    const html = fillTemplate(build.template, {
      '<html lang="en">': `<html lang="${escapeHtml(ctx.config.locale)}">`,
      '<!--ssr-head-->': `<title>${escapeHtml(title)}</title><style id="ssr-css">${build.criticalCss}${screen.css}</style><style id="ssr-fonts">${build.fontFaces}</style>`,
      // The screens' stylesheets after the entry's, as the inline copy orders them: start.js links
      // them in this order, and a screen's rules (Home's buttons on the dark card) override the entry's.
      '</head>': `${screen.head}${lateFontPreloads(build.lateFonts, rendered?.html)}</head>`,
      '<!--ssr-html-->': rendered?.html ?? '',
      '<!--boot-->': serializeBoot(boot),
      // The built page's start.js preloads the screens' chunks with the entry's (vite.config.ts).
      'data-preload="': `data-preload="${screen.scripts.map((file) => `${file} `).join('')}`,
    });
    return reply.send(html);
  }

  app.get('/manifest.webmanifest', { config: { anonymous: true } }, (_request, reply) =>
    reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(webAppManifest(ctx.config)),
  );

  /**
   * The page the service worker keeps to show with no network (src/web/offline/sw.js): the member's
   * card and points as they are now, or, for a browser with no session, a page that says only that
   * the site needs the network. Never kept by the HTTP cache; the worker keeps the member's copy only
   * while the session it was made for could still live (`x-offline-card-until`).
   */
  app.get('/offline', { config: { ownSessionQuery: true } }, async (request, reply) => {
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!build?.ssr) return reply.code(404).send('The web app is not built. Run `npm run build`.');
    const viewer = (await viewerForRequest(ctx, request)).body;
    const account = viewer.account && request.session ? viewer.account : null;
    const now = new Date();
    tellOfflineCard(reply, account ? (request.session?.tokenHash ?? null) : null);
    if (account) reply.header('x-offline-card-until', String(now.getTime() + ctx.sessions.idleMs));
    const page = build.ssr.renderOfflinePage(publicConfig, account, now);
    const card = account ? build.screenAssets(['src/web/home/home-screen.tsx']).css : '';
    return reply.send(
      `<!doctype html><html lang="${escapeHtml(ctx.config.locale)}"><head><meta charset="utf-8">` +
        '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">' +
        `<meta name="theme-color" content="#121212"><title>${escapeHtml(page.title)}</title>` +
        `<style>${build.criticalCss}${card}</style><style>${build.fontFaces}</style></head>` +
        `<body><div id="root">${page.html}</div></body></html>`,
    );
  });

  return { renderPage };
}

/** The preloads of the display face's late cuts whose characters the rendered page has. */
function lateFontPreloads(cuts: readonly LateFontCut[], html: string | undefined): string {
  return html
    ? cuts
        .filter((cut) => cut.needed.test(html))
        .map((cut) => cut.preload)
        .join('')
    : '';
}

/** Home, the one members' page whose data the server reads for its first paint. */
function isHome(url: string): boolean {
  return url === '/' || url.startsWith('/?');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}
