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

export default defineConfig({
  plugins: [react(), preloadFonts()],
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
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
});
