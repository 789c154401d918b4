import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { primeFormats } from '#shared/domain/primed-formats.ts';
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
// The strings the server formatted: hydration makes no Intl formatter (primed-formats.ts).
primeFormats(boot.formats);
// index.html has the root.
const container = document.getElementById('root') as HTMLElement;

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
} else {
  createRoot(container).render(app);
}
