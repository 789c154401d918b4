import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { readBoot } from './boot.ts';
import { loadMessages } from './i18n/messages.tsx';
import { BrowserRouter } from './routing/router.tsx';
import './ui/global.css';

const boot = readBoot();
await loadMessages(boot.config.locale);
const container = document.getElementById('root');
if (!container) throw new Error('no #root element');

const app = (
  <StrictMode>
    <BrowserRouter>
      <App boot={boot} />
    </BrowserRouter>
  </StrictMode>
);

// Server-rendered pages (anonymous visitors) are hydrated; members' pages render here.
if (container.hasChildNodes()) {
  hydrateRoot(container, app);
  swapCriticalCss();
} else {
  createRoot(container).render(app);
  swapCriticalCss();
}

/**
 * The server inlines the entry CSS for first paint; once the same stylesheets have loaded (from the
 * cache next time), the inline copy is removed 100 ms later (SPEC §9).
 */
function swapCriticalCss() {
  const inline = document.getElementById('ssr-css');
  const hrefs = [...document.querySelectorAll<HTMLMetaElement>('meta[name="app-stylesheet"]')].map(
    (m) => m.content,
  );
  if (!inline || hrefs.length === 0) return;
  const loads = hrefs.map(
    (href) =>
      new Promise<void>((resolve) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        link.onload = () => resolve();
        // A stylesheet that fails to load leaves the inline copy in place.
        link.onerror = () => undefined;
        document.head.appendChild(link);
      }),
  );
  void Promise.all(loads).then(() => setTimeout(() => inline.remove(), 100));
}
