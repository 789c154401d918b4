import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app.tsx';
import { readBoot } from './boot.ts';
import { loadMessages } from './i18n/messages.tsx';
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
 * The server inlines the entry CSS for first paint; once the same stylesheet has loaded (from the
 * cache next time), the inline copy is removed 100 ms later (SPEC §9).
 */
function swapCriticalCss() {
  const inline = document.getElementById('ssr-css');
  // The entry may have several stylesheets (one per shared chunk): load every one before the
  // inline copy goes, or the styles of the others would vanish with it.
  const hrefs = [...document.querySelectorAll<HTMLMetaElement>('meta[name="app-stylesheet"]')].map(
    (meta) => meta.content,
  );
  if (!inline || hrefs.length === 0) return;
  let pending = hrefs.length;
  for (const href of hrefs) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => {
      pending -= 1;
      if (pending === 0) setTimeout(() => inline.remove(), 100);
    };
    document.head.appendChild(link);
  }
}
