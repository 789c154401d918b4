// Starts the app once the server-rendered page has painted (docs/performance.md,
// "The JavaScript starts after the first paint"): the build took the entry's module script and its modulepreloads out of the HTML
// (vite.config.ts startAfterFirstPaint) and named them here, so the first paint never waits for the
// JavaScript or shares the network with it. Started at the first contentful paint (see below). It
// also links the stylesheets whose text the server inlined, and drops the inline copy once they have
// loaded (SPEC §9). Plain script, minified and inlined at the end of the body by the build
// (vite.config.ts), allowed by the CSP by its hash.
(() => {
  const me = document.currentScript;
  const root = document.documentElement;
  // A tap on a button of the painted page before the app has hydrated it (a member at a till taps the
  // barcode as soon as it shows) would do nothing: the button is kept, in order, once, and the app
  // presses it again when it has hydrated (early-taps.ts). Buttons only: a link works without us.
  const taps = new Set();
  self.earlyTaps = taps;
  addEventListener(
    'click',
    (event) => {
      const button = !root.hasAttribute('data-hydrated') && event.target.closest?.('#root button');
      if (button) {
        event.preventDefault();
        event.stopPropagation();
        taps.add(button);
      }
    },
    true,
  );
  const element = (tag, properties) => Object.assign(document.createElement(tag), properties);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of me.dataset.preload.split(' '))
      document.head.append(element('link', { rel: 'modulepreload', crossOrigin: '', href }));
    document.head.append(element('script', { type: 'module', crossOrigin: '', src: me.dataset.entry }));
    swapCriticalCss();
  };
  // `load` often comes before the first paint (the resources were quick; the paint waits for the
  // font, or for a busy machine), and frames are drawn before there is text on them: so where the
  // browser reports paints, only the first contentful paint starts the app, and `load` three seconds
  // later is the net for a page that somehow never paints content. A background tab paints when it
  // is shown. A browser without paint timing starts after `load` and a drawn frame.
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) start();
    }).observe({ type: 'paint', buffered: true });
    addEventListener('load', () => setTimeout(start, 3000));
  } else {
    addEventListener('load', () => requestAnimationFrame(() => requestAnimationFrame(start)));
  }

  // The service worker that keeps the member's card for a visit with no network (src/web/offline/sw.js),
  // registered once the page has loaded so it never competes with the page for the network. A browser
  // without service workers (or refusing one) simply has no offline card.
  addEventListener('load', () => navigator.serviceWorker?.register('/sw.js').catch(() => {}));

  /**
   * The server inlines the entry CSS (and a server-rendered screen's) for the first paint; once the
   * same stylesheets have loaded, the inline copy is removed 100 ms later (SPEC §9). A stylesheet that
   * fails to load leaves the inline copy in place. The font faces are in a block of their own that
   * stays (#ssr-fonts, see web-host.ts).
   */
  function swapCriticalCss() {
    const inline = document.getElementById('ssr-css');
    if (!inline) return;
    const loads = [...document.querySelectorAll('meta[name="app-stylesheet"]')].map(
      ({ content: href }) =>
        new Promise((onload) => {
          // Before the inline copy, as it orders them: the entry's rules before a screen's.
          inline.before(element('link', { rel: 'stylesheet', href, onload }));
        }),
    );
    void Promise.all(loads).then(() => setTimeout(() => inline.remove(), 100));
  }
})();
