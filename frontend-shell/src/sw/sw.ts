// The public directory's service worker (built by Workbox's InjectManifest into /sw.js, see
// webpack.pwa.mjs). Only the public pages, their scripts, the catalogue and images: a request it
// does not route (the admin's pages and remote, /api/admin, /api/auth, every write) goes to the
// network as if it were not here. docs/architecture.md, "Installable and offline", tells the
// whole design.
import { PUBLIC_PATH } from 'contract';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { getCacheKeyForURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const publicPage = new RegExp(PUBLIC_PATH);
/** Every shop, which the directory filters itself when offline (public/pwa.js reads its date). */
const CATALOGUE_URL = '/api/shops';
const CATALOGUE_CACHE = 'atm-catalogue';
const PAGES_CACHE = 'atm-pages';
const sameOrigin = (url: URL) => url.origin === self.location.origin;
/** The pages' offline copy, for a URL never visited: the shell's static page draws it from the catalogue. */
const OFFLINE_PAGE = '/index.html';
/** What points at one remote build's files: taken from the build of the page that asks (see their route). */
const VERSION_POINTERS = /^\/remotes\/[^/]+\/(remoteEntry\.js|mf-manifest\.json)$/;
/** The deployment's settings (where the remotes are, the map's tiles), which every page loads first. */
const RUNTIME_CONFIG = '/runtime-config.js';
const ENTRY_CACHE = 'atm-entry-points';
/** What a page links (an attribute's URL). */
const LINKED = /\b(?:src|href)=["']?([^"'\s<>]+)/g;
/** A content-hashed script or stylesheet (webpack's `name.<hash>.js`): one build's file. */
const VERSIONED_FILE = /\.[0-9a-f]{10}\.(js|css)$/;
/**
 * The tabs whose page this worker answered from its caches: their remote comes from its precache,
 * the page's build. Kept in a cache, not in memory: the worker may stop before the page's scripts
 * start (on the visitor's first touch).
 */
const CACHED_PAGE_TABS = 'atm-cached-page-tabs';
const tabKey = (clientId: string) => new URL(`/__cached-page-tab/${clientId}`, self.location.href).href;

/** Whether every versioned file `page` links on this origin is in this worker's precache. */
async function ofThisBuild(page: Response, pageUrl: string): Promise<boolean> {
  const html = await page.clone().text();
  return [...html.matchAll(LINKED)].every(([, href]) => {
    let url: URL;
    try {
      url = new URL(href, pageUrl);
    } catch {
      // Not a URL (the text of a shop's description, say): no file of any build.
      return true;
    }
    return (
      !sameOrigin(url) || !VERSIONED_FILE.test(url.pathname) || getCacheKeyForURL(url.href) !== undefined
    );
  });
}

/** Notes that the tab `clientId` gets its page from this worker's caches (and forgets closed tabs). */
async function notePageFromCaches(clientId: string): Promise<void> {
  if (!clientId) return;
  const cache = await caches.open(CACHED_PAGE_TABS);
  const open = new Set(
    (await self.clients.matchAll({ includeUncontrolled: true })).map(({ id }) => tabKey(id)),
  );
  for (const key of await cache.keys()) if (!open.has(key.url)) await cache.delete(key);
  await cache.put(tabKey(clientId), new Response(null));
}

async function hasPageFromCaches(clientId: string): Promise<boolean> {
  if (!clientId) return false;
  const cache = await caches.open(CACHED_PAGE_TABS);
  return (await cache.match(tabKey(clientId))) !== undefined;
}

// Asks waiting: a new version takes over only when no tab runs the old one, or when a tab's
// "reload" notice asks it to (frontend-shell/public/pwa.js).
// The page that installed it was loaded before it ran: pwa.js asks for that page to be kept too.
self.addEventListener('message', (event) => {
  const message = event.data as { type?: string; url?: string } | null;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (message?.type === 'KEEP_PAGE' && message.url) {
    const url = new URL(message.url, self.location.href);
    if (sameOrigin(url) && publicPage.test(url.pathname))
      event.waitUntil(
        caches
          .open(PAGES_CACHE)
          .then((cache) => cache.add(url.href))
          .catch(() => undefined),
      );
  }
});

// The catalogue and the runtime settings at install, so "near me", the map and a search work
// offline after one visit whose page asked for neither (a server-rendered listing holds one page
// of shops, and its scripts wait for the visitor's first touch). Best effort: a failure here
// must not keep the service worker from installing.
const warm = (cacheName: string, url: string) =>
  caches
    .open(cacheName)
    .then((cache) => cache.add(url))
    .catch(() => undefined);
self.addEventListener('install', (event) => {
  // A visitor who asked the browser to save data gets the catalogue when a page asks for it.
  const saveData = (self.navigator as { connection?: { saveData?: boolean } }).connection?.saveData;
  event.waitUntil(
    Promise.all([saveData ? null : warm(CATALOGUE_CACHE, CATALOGUE_URL), warm(ENTRY_CACHE, RUNTIME_CONFIG)]),
  );
});

// The tabs of an older build are this worker's no more: their files left with the old precache.
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.delete(CACHED_PAGE_TABS));
});

// A remote's remoteEntry.js and mf-manifest.json name one build's files, and must be those of the
// page's build: the precached copy for a page this worker answered from its caches (this build's,
// see the pages' route), else the network, which rendered the page; offline, the precached copy.
const pointersFromNetwork = new NetworkOnly({
  plugins: [{ handlerDidError: async ({ request }) => (await matchPrecache(request.url)) ?? undefined }],
});
registerRoute(
  ({ url }) => sameOrigin(url) && VERSION_POINTERS.test(url.pathname),
  async (options) => {
    const { clientId } = options.event as FetchEvent;
    const own = (await hasPageFromCaches(clientId)) ? await matchPrecache(options.request.url) : undefined;
    return own ?? pointersFromNetwork.handle(options);
  },
);
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname === RUNTIME_CONFIG,
  new NetworkFirst({ cacheName: ENTRY_CACHE, networkTimeoutSeconds: 4 }),
);

// Only the files by their own URLs: by default `/` would be answered with the precached
// index.html (the static shell), never the page the server renders.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

// Server-rendered public pages: fresh when the network answers within a few seconds (a weak
// signal should not hold the visitor), the copy from the last visit otherwise. That copy may be of
// another build (kept before this worker's, or after a deploy): then this build's static page,
// never a page linking files of one build beside a remote of another.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && publicPage.test(url.pathname),
  new NetworkFirst({
    cacheName: PAGES_CACHE,
    networkTimeoutSeconds: 4,
    // The pages vary by Accept-Encoding, which a navigation and the copy's request do not show
    // alike: the kept copy is decoded either way.
    matchOptions: { ignoreVary: true },
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true }),
      {
        cachedResponseWillBeUsed: async ({ cachedResponse, request, state }) => {
          if (!cachedResponse) return null;
          const page = (await ofThisBuild(cachedResponse, request.url))
            ? cachedResponse
            : await matchPrecache(OFFLINE_PAGE);
          if (state) state.fromCache = page;
          return page ?? null;
        },
        // Before the page has it: its remote's first request may come at once.
        handlerWillRespond: async ({ event, response, state }) => {
          if (response === state?.fromCache)
            await notePageFromCaches((event as FetchEvent).resultingClientId);
          return response;
        },
      },
    ],
  }),
);

// The catalogue and its option lists: the cached copy at once, refreshed behind it (the HTTP
// cache revalidates with the response's ETag, so an unchanged catalogue costs a 304).
registerRoute(
  ({ url }) => sameOrigin(url) && /^\/api\/shops(\/(categories|cities|states))?$/.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: CATALOGUE_CACHE,
    matchOptions: { ignoreVary: true },
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
);

// Shops' logos and maps (/objects/...) and the shell's icons: kept once seen, within a bound.
registerRoute(
  ({ request, url }) =>
    request.destination === 'image' && sameOrigin(url) && !url.pathname.startsWith('/admin'),
  new CacheFirst({
    cacheName: 'atm-images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// Map tiles (`/{z}/{x}/{y}.png` on the tile server) only as the visitor views them, a few
// hundred at most: the tile server's usage policy forbids bulk download, so nothing is fetched
// ahead. Opaque (no-cors) answers are accepted: tile servers rarely send CORS headers.
registerRoute(
  ({ request, url }) =>
    request.destination === 'image' && !sameOrigin(url) && /\/\d+\/\d+\/\d+(@2x)?\.png$/.test(url.pathname),
  new CacheFirst({
    cacheName: 'atm-map-tiles',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// A public page never visited, offline: the shell's static page, which draws it in the browser
// from the cached catalogue (a search, a filter, "near me").
setCatchHandler(async ({ request, url, event }) => {
  const page =
    request.mode === 'navigate' && url && publicPage.test(url.pathname)
      ? await matchPrecache(OFFLINE_PAGE)
      : undefined;
  if (!page) return Response.error();
  await notePageFromCaches((event as FetchEvent).resultingClientId);
  return page;
});
