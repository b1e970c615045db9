// Inlined into index.html's <head> (its SHA-256 is allowed by the CSP: the backend computes it
// from the built page, deploy/frontend/security-headers.conf lists it). Runs before the first
// paint. A public page the server rendered is in its URL's language (`/en/...` English), except
// that a visitor who chose English with the switch is taken from a Spanish page to its English
// twin here, before anything paints (the same rule as frontend-common/src/routes.ts, whose test
// checks these expressions). Elsewhere (admin) the static frame shows the remembered language.
/* global document, window */
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
  var spanishPublicPage = /^\/(shops(\/[^/]+)?\/?)?$/;
  if (language === 'en' && spanishPublicPage.test(path)) {
    location.replace('/en' + (path === '/' ? '/' : path) + location.search + location.hash);
    return;
  }
  var publicPage = /^(\/en)?\/(shops(\/[^/]+)?\/?)?$|^\/en$/.test(path);
  if (!publicPage && (language === 'en' || language === 'es')) root.lang = language;
  var page = /^\/admin(\/|$)/.test(path) ? 'admin' : publicPage ? 'directory' : 'other';
  root.setAttribute('data-atm-page', page);
})();
