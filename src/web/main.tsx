import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { readBoot } from './boot.ts';
import { loadMessages } from './i18n/messages.tsx';
import { BrowserRouter } from './routing/router.tsx';
import { loadServerRenderedScreens } from './ui/lazy-screen.ts';
import './ui/global.css';

const boot = readBoot();
// The screens the server rendered whole (Home) are loaded before hydrating, so hydration renders
// them as the server did: the page is painted from the HTML, and never replaced or blanked meanwhile.
await Promise.all([loadMessages(boot.config.locale), loadServerRenderedScreens(boot.screens ?? [])]);
const container = document.getElementById('root');
if (!container) throw new Error('no #root element');

const app = (
  <StrictMode>
    <BrowserRouter>
      <App boot={boot} />
    </BrowserRouter>
  </StrictMode>
);

// Server-rendered pages are hydrated; a page the server sent without its screen renders here.
if (container.hasChildNodes()) {
  // Hydration as a transition: React hydrates a few milliseconds at a time and yields to the
  // browser in between, instead of one long task that blocks the page the member already sees.
  startTransition(() => {
    hydrateRoot(container, app);
  });
  swapCriticalCss();
} else {
  createRoot(container).render(app);
  swapCriticalCss();
}

/**
 * The server inlines the entry CSS for first paint; once the same stylesheets have loaded (from the
 * cache next time), the inline copy is removed 100 ms later (SPEC §9). Its font faces are in a block
 * of their own that stays (#ssr-fonts, see web-host.ts).
 */
function swapCriticalCss() {
  const inline = document.getElementById('ssr-css');
  const hrefs = [...document.querySelectorAll<HTMLMetaElement>('meta[name="app-stylesheet"]')].map(
    (m) => m.content,
  );
  if (!inline || hrefs.length === 0) return;
  const linked = new Set(
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.href),
  );
  const loads = hrefs.map((href) =>
    // A server-rendered screen's stylesheet was linked (and loaded) with its chunk before hydration.
    linked.has(new URL(href, document.baseURI).href)
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = href;
          link.onload = () => resolve();
          // A stylesheet that fails to load leaves the inline copy in place.
          link.onerror = () => undefined;
          // Before the inline copy, as it orders them: the entry's rules before a screen's.
          inline.before(link);
        }),
  );
  void Promise.all(loads).then(() => setTimeout(() => inline.remove(), 100));
}
