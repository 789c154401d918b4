import type { Config } from '#shared/config.ts';

/** The brand's colours (src/web/ui/global.css: --color-dark, the page's theme-color in index.html). */
const brandDark = '#121212';

/**
 * The web app manifest (W3C Web Application Manifest) that makes the members' site installable: the
 * scheme's own names from its configuration, so it is served, not a file. The icons are the brand's
 * mark (public/favicon.svg) drawn by scripts/make-app-icons.ts; the maskable one keeps the mark inside
 * the safe zone. Opened from the home screen it starts on Home, which the service worker answers
 * with the card kept offline when there is no network (src/web/offline/sw.js).
 */
export function webAppManifest(config: Config): string {
  return JSON.stringify({
    name: config.title,
    short_name: config.shortTitle,
    lang: config.locale,
    dir: 'ltr',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: brandDark,
    background_color: brandDark,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  });
}
