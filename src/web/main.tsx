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
  const href = document.querySelector<HTMLMetaElement>('meta[name="app-stylesheet"]')?.content;
  if (!inline || !href) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.onload = () => setTimeout(() => inline.remove(), 100);
  document.head.appendChild(link);
}
