import { useEffect, type RefObject } from 'react';

/**
 * A visitor who opens a shop from the listing and comes back (Back, the page's back link,
 * Escape) lands on the card they left, with focus on its link, not at the top of the page, so a
 * keyboard user goes on from where they were. Kept in memory: it only matters within one visit, and a reloaded listing starts at the top anyway.
 */
let openedSlug: string | null = null;

/** The card link's click: remember which shop the visitor opened. */
export function rememberOpenedShop(slug: string): void {
  openedSlug = slug;
}

/** Focuses the remembered shop's card link once `list` shows it; forgets it either way. */
export function useReturnToCard(list: RefObject<HTMLElement | null>, itemCount: number): void {
  useEffect(() => {
    if (!openedSlug || itemCount === 0) return;
    const slug = openedSlug;
    openedSlug = null;
    const links = list.current?.querySelectorAll<HTMLElement>('[data-shop-slug]') ?? [];
    [...links].find((link) => link.dataset.shopSlug === slug)?.focus();
  }, [list, itemCount]);
}

/** Link state that tells a shop's page the visitor came from the listing (so Back returns there). */
export const FROM_LISTING = { fromListing: true } as const;

export function cameFromListing(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as { fromListing?: unknown }).fromListing === true
  );
}
