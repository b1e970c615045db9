// Inlined into index.html's <head> (its SHA-256 is allowed by the CSP: the backend computes it
// from the built page, deploy/frontend/security-headers.conf lists it). Runs before the first
// paint. A public page the server rendered is in its URL's language (`/en/...` English), except
// that a visitor who chose English with the switch is taken from a Spanish page to its English
// twin here, before anything paints (the same rule as frontend-common/src/routes.ts). Elsewhere
// (admin) the static frame shows the remembered language. It runs before any bundle, so the
// build writes the public pages' patterns in (contract's, from PUBLIC_PAGES, named between double underscores).
/* global document, window, __SPANISH_PUBLIC_PATH__, __PUBLIC_PATH__ */
(function () {
  var root = document.documentElement;
  var location = window.location;
  var path = location.pathname;
  var language = null;
  try {
    language = window.localStorage.getItem('atm.language');
  } catch {
    // storage blocked: Spanish, the default
  }
  var spanishPublicPage = new RegExp(__SPANISH_PUBLIC_PATH__);
  if (language === 'en' && spanishPublicPage.test(path)) {
    location.replace('/en' + (path === '/' ? '/' : path) + location.search + location.hash);
    return;
  }
  var publicPage = new RegExp(__PUBLIC_PATH__).test(path);
  if (!publicPage && (language === 'en' || language === 'es')) root.lang = language;
  var page = /^\/admin(\/|$)/.test(path) ? 'admin' : publicPage ? 'directory' : 'other';
  root.setAttribute('data-atm-page', page);

  // A page the server rendered works as HTML before any script: its cards, pagination and
  // contact links, and the search form (Enter submits it). The backend marks it
  // `data-atm-hydrate="on-intent"` and names its scripts in empty data blocks that no browser
  // runs (`<script type="atm/on-intent" data-src>`, backend/src/pages/page-template.ts): they are prefetched at low priority once the page has
  // loaded, and start on the visitor's first sign of use (a touch, a pointer move, a key, a
  // scroll), so a phone is not held up by JavaScript nobody has asked for yet
  // (frontend-shell/README.md, "Hydration on intent"). A button pressed or a select changed
  // before React listens is kept here and replayed once the page is live (src/app/earlyInput.ts),
  // and so is a checkbox ticked ("Abierto ahora").
  if (root.getAttribute('data-atm-hydrate') !== 'on-intent') return;
  // Clicks and changes too: a screen reader's activation or a choice can come without a key or
  // pointer event reaching the page.
  var INTENT = [
    'pointerdown',
    'pointermove',
    'touchstart',
    'keydown',
    'focusin',
    'wheel',
    'scroll',
    'click',
    'input',
    'change',
  ];
  var early = [];
  var started = false;
  var prefetched = false;
  var scripts = function () {
    return document.querySelectorAll('script[type="atm/on-intent"]');
  };
  var add = function (build) {
    var found = scripts();
    for (var i = 0; i < found.length; i++)
      document.head.appendChild(build(found[i].getAttribute('data-src')));
  };
  var runScripts = function () {
    add(function (src) {
      var script = document.createElement('script');
      script.src = src;
      script.async = false; // in the page's order: the runtime configuration before main.js
      return script;
    });
  };
  var start = function (event) {
    // A pointer that did not move is the browser updating hover under a resting cursor (after
    // the first layout, or a scroll), not the visitor.
    if (event && event.type === 'pointermove' && !event.movementX && !event.movementY) return;
    if (started) return;
    started = true;
    INTENT.forEach(function (type) {
      window.removeEventListener(type, start, true);
    });
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', runScripts);
    else runScripts();
  };
  var record = function (event) {
    var target = event.target;
    if (event.type === 'change' && target.tagName === 'SELECT')
      early.push({ select: target, value: target.value });
    if (event.type === 'change' && target.type === 'checkbox')
      early.push({ checkbox: target, checked: target.checked });
    var button = event.type === 'click' && target.closest ? target.closest('button') : null;
    if (button) early.push({ click: button });
  };
  INTENT.forEach(function (type) {
    window.addEventListener(type, start, { capture: true, passive: true });
  });
  // Back or Forward to an entry that this tab's scripts made before a reload (a shop dialog's URL
  // over the listing, a filtered listing): the page is still the one the server rendered for the
  // other URL and nothing listens yet, so only a fresh load shows the entry's page.
  window.addEventListener('popstate', function () {
    if (!started) location.reload();
  });
  // Downloaded ahead, once the page is loaded and the browser idle, so the first touch waits for
  // the scripts to run, not to arrive.
  window.addEventListener('load', function () {
    var idle = function (then) {
      if (window.requestIdleCallback) window.requestIdleCallback(then);
      else window.setTimeout(then, 1);
    };
    idle(function () {
      if (started || prefetched) return;
      prefetched = true;
      add(function (src) {
        var link = document.createElement('link');
        link.rel = 'prefetch';
        link.as = 'script';
        link.href = src;
        return link;
      });
    });
  });
  document.addEventListener('click', record, true);
  document.addEventListener('change', record, true);
  // Called by the shell right before React starts listening: what happened until then.
  window.__atmEarlyInput = function () {
    document.removeEventListener('click', record, true);
    document.removeEventListener('change', record, true);
    return early;
  };
})();
