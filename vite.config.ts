import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, minifySync, type Plugin } from 'vite';

/**
 * Preloads the self-hosted display face's basic cut (src/web/ui/global.css) with the HTML: without it
 * the face is requested only when the first style pass meets a heading, after the moment
 * `font-display: optional` decides, so a member's first page (and, in this single-page app, every
 * screen after it until a reload) showed the device's serif. With a preload Chrome holds the first
 * paint up to 100 ms for an optional face on its way. The extended cut is not preloaded: the browser
 * fetches it for a page that draws one of its characters (scripts/subset-display-face.ts). Only the
 * built page: the dev server has no bundle.
 */
function preloadFonts(): Plugin {
  return {
    name: 'preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const fonts = Object.keys(context.bundle ?? {}).filter((file) => /-basic-[^/]+\.woff2$/.test(file));
        return fonts.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * Writes the favicon into the built page as a `data:` URL (0.3 KB): as a file it was a request of its
 * own before the first paint, which over HTTP/1.1 took a new connection while the display face held
 * the page's, and Lighthouse's estimate of LCP counts every request that finished before the observed
 * paint (docs/decisions/0068-display-face-in-two-cuts.md). public/favicon.svg stays for anything
 * that asks for it by name. Only the built page: the dev server serves the file.
 */
function inlineFavicon(): Plugin {
  return {
    name: 'inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      const svg = readFileSync('public/favicon.svg', 'utf8')
        .trim()
        .replace(/"/g, "'")
        .replace(/[#<>%]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
      const out = html.replace('href="/favicon.svg"', `href="data:image/svg+xml,${svg}"`);
      if (out === html) throw new Error('index.html: no favicon link found');
      return out;
    },
  };
}

/**
 * The built page starts its JavaScript after its first paint (issue 13 §3): the entry's module script
 * and its modulepreloads leave the HTML, and the start script (src/web/start.js, minified, inline at the
 * end of the body) adds them once the browser has painted the server's HTML, or at `load`. The first
 * paint never waits for the JavaScript nor shares the network with it, and no request of its own comes
 * before the paint (it was /start.js, on a connection of its own:
 * docs/decisions/0066-start-script-is-inline-allowed.md). The CSP allows it by its hash (security-plugin.ts, inline-scripts.ts), so no other
 * inline script runs. The host adds a server-rendered screen's chunks to `data-preload`. Only the
 * build: the dev server serves main.tsx as it is.
 */
function startAfterFirstPaint(): Plugin {
  return {
    name: 'start-after-first-paint',
    apply: 'build',
    buildStart() {
      this.addWatchFile('src/web/start.js');
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        let entry = '';
        const preload: string[] = [];
        const out = html
          .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, src: string) => {
            entry = src;
            return '';
          })
          .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
            preload.push(href);
            return '';
          });
        if (!entry) throw new Error('index.html: no entry module script found');
        const code = minifySync('start.js', readFileSync('src/web/start.js', 'utf8')).code.trim();
        const start = `<script data-entry="${entry}" data-preload="${preload.join(' ')}">${code}</script>`;
        return out.replace('</body>', `  ${start}\n  </body>`);
      },
    },
  };
}

const closures = new Map<string, Set<string>>();

/** Every module a screen imports statically, found once per build (the code-splitting groups below). */
function closureOf(
  screen: string,
  ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null },
): Set<string> {
  const known = closures.get(screen);
  if (known) return known;
  const found = new Set<string>();
  const walk = (id: string) => {
    if (found.has(id)) return;
    found.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) walk(next);
  };
  walk(`${process.cwd()}/${screen}`);
  closures.set(screen, found);
  return found;
}

const fontFaceRule = /@font-face\{[^}]*\}/g;

/**
 * Moves the @font-face rules out of the built stylesheets into assets/font-faces-<hash>.css, which
 * the server inlines in every page (web-host.ts) and the browser never links. With
 * `font-display: optional` a face that misses the first paint is not used on that page; a second
 * copy of the face, arriving with the stylesheet that replaces the inline CSS, would load from the
 * cache and change the headings' font after the first paint (a layout shift Lighthouse measured).
 */
function fontFacesApart(): Plugin {
  return {
    name: 'font-faces-apart',
    apply: 'build',
    generateBundle(_options, bundle) {
      const faces: string[] = [];
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
        const css = String(file.source);
        const found = css.match(fontFaceRule);
        if (!found) continue;
        faces.push(...found);
        file.source = css.replace(fontFaceRule, '');
      }
      if (faces.length === 0) return;
      const source = faces.join('');
      const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
      this.emitFile({ type: 'asset', fileName: `assets/font-faces-${hash}.css`, source });
    },
  };
}

/**
 * Writes the members' service worker (src/web/offline/sw.js) to /sw.js with this build's id in it:
 * a deploy that changes any file gives a new worker, which the browser installs at the next visit,
 * and whose caches have new names (the old ones are dropped when it takes over). Only the browser
 * build; the dev server registers no worker (start.js is the built page's).
 */
function serviceWorker(): Plugin {
  return {
    name: 'service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const source = readFileSync('src/web/offline/sw.js', 'utf8');
      const id = createHash('sha256')
        .update(Object.keys(bundle).sort().join('\n'))
        .update(source)
        .digest('hex')
        .slice(0, 12);
      if (!source.includes('__BUILD_ID__')) throw new Error('src/web/offline/sw.js: no build id placeholder');
      const code = minifySync('sw.js', source.replace('__BUILD_ID__', id)).code;
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    startAfterFirstPaint(),
    preloadFonts(),
    fontFacesApart(),
    inlineFavicon(),
    ...(isSsrBuild ? [] : [serviceWorker()]),
  ],
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // No modulepreload polyfill in the first load: a browser without modulepreload (Safari before 17)
    // fetches a chunk when it is imported instead.
    modulePreload: {
      polyfill: false,
      // Home's lazy sections (home/home-sections.tsx) load once the page is live: a list of their
      // chunks to preload would only weigh on Home's first load, which is at its budget. A route's
      // *-lazy-route.tsx likewise: it asks for its page's chunks itself (events/events-lazy-route.tsx).
      // The style guides' screen keeps only its stylesheet there: its two small chunks come through
      // its imports when a member opens it (a server-rendered guide preloads them itself).
      resolveDependencies: (file, deps) => {
        if (file.includes('home-sections') || file.includes('-lazy-route')) return [];
        if (/\/guides-[\w-]+\.js$/.test(file)) return deps.filter((dep) => dep.endsWith('.css'));
        return deps;
      },
    },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is one chunk: Landing and every member's page load
        // all of it anyway, and one file compresses better than the fourteen small shared chunks the
        // bundler made otherwise (each with its own imports and exports): 4.4 KB gzip less on Landing.
        // The entry itself (index.html, main.tsx) stays apart, so the manifest still names it.
        // Home, the page most members open, is one chunk likewise (what it shares with the history
        // page comes from it there): 1.5 KB gzip less on Home than in nine pieces.
        codeSplitting: isSsrBuild || {
          groups: [
            {
              name: 'first-load',
              tags: ['$initial'],
              test: (id) => !/(index\.html|src.web.main\.tsx)$/.test(id),
            },
            {
              name: (id, ctx) =>
                closureOf('src/web/home/home-screen.tsx', ctx).has(id) ? 'home-screen' : null,
            },
            // Sign in likewise: the form fields it shares with the joining and account screens come
            // with it, not in a chunk of their own that Sign in would wait for as well.
            {
              name: (id, ctx) =>
                closureOf('src/web/signin/signin-screen.tsx', ctx).has(id) ? 'signin-screen' : null,
            },
            // The style guides' own modules (the members' screen, Home's section and the console share
            // them) as one chunk: each chunk is a name in the first load's preload list, and Home's
            // first load is at its budget.
            {
              name: (id) => (/src.web.(style-guides.|i18n.style-guides-)/.test(id) ? 'guides' : null),
            },
          ],
        },
      },
    },
  },
  ssr: {
    // Bundle everything into the server-render module so it runs without Vite at runtime.
    noExternal: true,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/api-w': 'http://localhost:3000',
      '/partner': 'http://localhost:3000',
      '/dev': 'http://localhost:3000',
    },
  },
}));
