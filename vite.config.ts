import { createHash } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Preloads the self-hosted display face (src/web/ui/global.css): its files are found in the CSS and
 * only fetched once a heading asks for them, too late for `font-display: optional` to use them on the
 * first paint. A preload starts them with the HTML. Only the built page: the dev server has no bundle.
 */
function preloadFonts(): Plugin {
  return {
    name: 'preload-fonts',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const fonts = Object.keys(context.bundle ?? {}).filter((file) => file.endsWith('.woff2'));
        return fonts.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** Home's module and everything it imports statically (the first-load modules are taken before). */
let homeModules: Set<string> | undefined;
function homeClosure(ctx: {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}): Set<string> {
  if (homeModules) return homeModules;
  const found = new Set<string>();
  const walk = (id: string) => {
    if (found.has(id)) return;
    found.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) walk(next);
  };
  walk(`${process.cwd()}/src/web/home/home-screen.tsx`);
  homeModules = found;
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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), preloadFonts(), fontFacesApart()],
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // No modulepreload polyfill in the first load: a browser without modulepreload (Safari before 17)
    // fetches a chunk when it is imported instead.
    modulePreload: { polyfill: false },
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
            { name: (id, ctx) => (homeClosure(ctx).has(id) ? 'home-screen' : null) },
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
