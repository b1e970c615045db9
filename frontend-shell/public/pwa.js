// The installable app's page side, on every page of the shell (index.html loads it async; the
// service worker keeps it precached). No framework: a server-rendered page starts its bundles
// only on the visitor's first touch, and these must work before that, and offline.
// - Registers the service worker (/sw.js) from the public pages.
// - Keeps the browser's install offer (`beforeinstallprompt`) for the side menu's entry
//   (src/features/pwa/useInstallPrompt.ts) and tells it when the offer comes or goes.
// - Shows the offline banner (the static #atm-offline in index.html) with the date of the copy.
// - Offers a reload when a new version is installed and waiting (#atm-update).
/* global window, document, caches, location */
(() => {
  const root = document.documentElement;
  const offered = () => window.dispatchEvent(new Event('atm:installable'));
  window.addEventListener('beforeinstallprompt', (event) => {
    // The side menu offers it instead of the browser's own mini bar.
    event.preventDefault();
    window.__atmInstallPrompt = event;
    offered();
  });
  window.addEventListener('appinstalled', () => {
    window.__atmInstallPrompt = undefined;
    offered();
  });

  const byId = (id) => document.getElementById(id);
  const publicPage = () => root.getAttribute('data-atm-page') === 'directory';

  /** The date of what an offline page shows: its own kept copy, else the kept catalogue. */
  const copiedAt = async () => {
    if (!window.caches) return null;
    const copy =
      (await caches.match(location.pathname + location.search)) ?? (await caches.match('/api/shops'));
    const date = copy?.headers.get('date');
    return date ? new Date(date) : null;
  };
  const showOffline = async () => {
    const banner = byId('atm-offline');
    if (!banner) return;
    if (navigator.onLine || !publicPage()) {
      banner.hidden = true;
      return;
    }
    const date = await copiedAt();
    if (date) {
      // Made here: an empty <time> in the static page is not valid HTML.
      const time = document.createElement('time');
      time.dateTime = date.toISOString();
      time.textContent = date.toLocaleString(root.lang === 'en' ? 'en-US' : 'es-MX', {
        dateStyle: 'medium',
        timeStyle: 'short',
      });
      byId('atm-offline-time').replaceChildren(time);
    }
    byId('atm-offline-since').hidden = !date;
    banner.hidden = false;
  };
  window.addEventListener('online', showOffline);
  window.addEventListener('offline', showOffline);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', showOffline);
  else showOffline();

  if (!('serviceWorker' in navigator) || !publicPage()) return;
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => {
        // A first visit's page came before the service worker: it is kept for offline too.
        if (!navigator.serviceWorker.controller)
          navigator.serviceWorker.ready.then((ready) =>
            ready.active?.postMessage({ type: 'KEEP_PAGE', url: location.href }),
          );
        const notice = byId('atm-update');
        // Only an update: the first install has no old version in any tab to replace.
        const offer = () => {
          if (registration.waiting && navigator.serviceWorker.controller && notice) notice.hidden = false;
        };
        offer();
        registration.addEventListener('updatefound', () => {
          registration.installing?.addEventListener('statechange', offer);
        });
        notice?.querySelector('button').addEventListener('click', () => {
          const waiting = registration.waiting;
          if (!waiting) return location.reload();
          // The new version takes over every tab at once; this one reloads into it.
          navigator.serviceWorker.addEventListener('controllerchange', () => location.reload());
          waiting.postMessage({ type: 'SKIP_WAITING' });
        });
      })
      // Refused (a certificate the browser does not trust, a policy): the site works as before,
      // online only; nothing for the visitor to see.
      .catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
})();
