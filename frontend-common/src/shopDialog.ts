/**
 * A shop opened from the listing shows as the listing's detail dialog while the address bar
 * shows the shop's own page (`/shops/<slug>`), so a shared link or a reload gives that page. The
 * navigation to the shop's URL carries this state: the listing under the dialog, which the
 * shell keeps rendering, and the page load it was made in. After a reload the browser still has
 * the state, but the server rendered the whole shop page: a state from another page load is
 * ignored, and the page stays a page.
 */
export interface ShopDialogState {
  dialogOver: ListingLocation;
  pageLoad: number;
}

/** The listing's location under the dialog (what react-router's `useLocation` gives). */
export interface ListingLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

/** This page load: the same in the shell and in every remote, new after a reload. */
const pageLoad = () => (typeof performance === 'undefined' ? 0 : performance.timeOrigin);

/** The state of a navigation that opens a shop's dialog over `listing`. */
export function shopDialogState(listing: ListingLocation): ShopDialogState {
  const { pathname, search, hash, state, key } = listing;
  return { dialogOver: { pathname, search, hash, state, key }, pageLoad: pageLoad() };
}

/** The listing a dialog is open over, when `state` is a dialog's of this page load; else null. */
export function listingUnderDialog(state: unknown): ListingLocation | null {
  if (typeof state !== 'object' || state === null) return null;
  const { dialogOver, pageLoad: load } = state as Partial<ShopDialogState>;
  return dialogOver && typeof dialogOver.pathname === 'string' && load === pageLoad() ? dialogOver : null;
}
