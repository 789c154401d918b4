// The members' service worker (docs/decisions/0085-the-card-offline.md): it keeps one page, the
// member's card as the server drew it (/offline), and shows it when the site is opened with no
// network, instead of the browser's error. Nothing else is cached: pages, scripts and every API
// answer go to the network as before, so no deploy is ever met by an old app shell. Plain script:
// the build writes it to /sw.js with the build's id in place of the placeholder below
// (vite.config.ts serviceWorker), so each deploy's worker is new and its caches have new names.
const build = '__BUILD_ID__';
/** The member's card: personal, kept only while the session it was drawn for holds. */
const cardCache = `card-${build}`;
/** The page for a browser with no card: nothing personal (fetched without cookies). */
const pageCache = `offline-${build}`;
const offlinePath = '/offline';
/** The answer header naming the session the browser holds after it (server: offline-card-tag.ts). */
const tagHeader = 'x-offline-card';
const untilHeader = 'x-offline-card-until';
/** A card older than this is drawn again at the member's next page load. */
const freshMs = 60_000;

/**
 * Counts the times the card was dropped: a card fetched before a drop (a sign-out while it was on
 * its way) is never kept after it.
 */
let drops = 0;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(pageCache)
      .then((cache) => cache.add(new Request(offlinePath, { credentials: 'omit' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // An earlier build's caches go, the card with them (its page has that build's styles).
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name !== cardCache && name !== pageCache).map((name) => caches.delete(name)),
      );
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
      await refreshCard();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(event));
    return;
  }
  if (request.method === 'GET' || !url.pathname.startsWith('/api/')) return;
  // Signing out: the card goes now, whether or not the call reaches the server (a member may sign
  // out in the basement). The call itself outlives the page (keepalive) and is left to the browser.
  if (url.pathname === '/api/logout') {
    event.waitUntil(dropCard());
    return;
  }
  // Every other change (a sign-in, an account deleted) is read from its answer's header.
  event.respondWith(
    fetch(request).then((response) => {
      event.waitUntil(follow(response, false));
      return response;
    }),
  );
});

/** A page from the network; with none, the member's card, or the page that says the site needs one. */
async function navigate(event) {
  try {
    const response = (await event.preloadResponse) ?? (await fetch(event.request));
    event.waitUntil(follow(response, true));
    return response;
  } catch {
    return offlinePage(new URL(event.request.url).pathname);
  }
}

async function offlinePage(path) {
  // The staff console's pages are never answered with a member's card.
  const staff = path === '/staff' || path.startsWith('/staff/');
  const card = staff ? undefined : await (await caches.open(cardCache)).match(offlinePath);
  if (card) {
    if (Date.now() < Number(card.headers.get(untilHeader))) return card;
    // The session it was drawn for has ended by now: so has the card.
    await dropCard();
  }
  return (await (await caches.open(pageCache)).match(offlinePath)) ?? Response.error();
}

/** Follows the session an answer names: another one's (or none) drops the card, a member's is kept. */
async function follow(response, isPage) {
  const tag = response.headers.get(tagHeader);
  if (!tag) return;
  if (tag === 'none') return dropCard();
  const kept = await (await caches.open(cardCache)).match(offlinePath);
  const keptTag = kept?.headers.get(tagHeader);
  if (keptTag !== tag) {
    if (kept) await dropCard();
    return refreshCard();
  }
  if (isPage && Date.now() - Date.parse(kept.headers.get('date') ?? '') > freshMs) return refreshCard();
}

/** Draws the card again (the server answers the page for the session the browser holds now). */
async function refreshCard() {
  const before = drops;
  let response;
  try {
    response = await fetch(offlinePath, { credentials: 'same-origin', cache: 'no-store' });
  } catch {
    return;
  }
  const tag = response.headers.get(tagHeader);
  if (!response.ok || !tag || tag === 'none' || !response.headers.get(untilHeader)) return dropCard();
  const cache = await caches.open(cardCache);
  if (drops === before) await cache.put(offlinePath, response);
}

async function dropCard() {
  drops += 1;
  await caches.delete(cardCache);
}
