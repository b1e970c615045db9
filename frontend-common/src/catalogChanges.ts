/**
 * The two remotes keep separate RTK Query caches (each owns its store), so a shop the admin saves
 * would stay old in the directory's cache for as long as the page lives.
 * The admin announces every change to the public catalogue here, and the directory's page store
 * listens and drops its lists. A window event: both remotes live in the same page (another tab
 * loads its own data when it is opened or reloaded).
 */
const EVENT = 'atm:catalog-changed';

/** Tells the other remotes of this page that shops changed on the server. */
export function announceCatalogChange(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(EVENT));
}

/** Calls `listener` on every announced change; returns the function that stops listening. */
export function onCatalogChange(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
