// Inlined into index.html's <head> (its SHA-256 is allowed by the CSP: the backend computes it
// from the built page, deploy/frontend/security-headers.conf lists it). Runs before the first
// paint, so the static frame shows the remembered language and only where it belongs.
/* global document, window */
(function () {
  var root = document.documentElement;
  try {
    var language = window.localStorage.getItem('atm.language');
    if (language === 'en' || language === 'es') root.lang = language;
  } catch {
    // storage blocked: Spanish, the default
  }
  var path = window.location.pathname;
  var page = /^\/admin(\/|$)/.test(path) ? 'admin' : /^\/(shops\/?)?$/.test(path) ? 'directory' : 'other';
  root.setAttribute('data-atm-page', page);
})();
