import { useEffect, useSyncExternalStore } from 'react';

/** The id of each page's one `main` landmark: the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * Gives the page its own document title (WCAG 2.4.2), in the page's language: pass the
 * translated title (`t('pageTitle.…')`), so it changes with the language. The server renders
 * the public pages' titles from the same i18n keys.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the visitor asked their system for less motion (follows the setting live). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab inside a modal dialog: from its last control to its first, Shift+Tab from the first
 * to the last, and back in from anywhere outside. A modal `<dialog>` makes the page under it
 * inert, but the browser would still let Tab leave for its own toolbar, and a keyboard user
 * would lose the dialog (the listing's shop dialog calls this on each key press).
 */
export function keepTabInside(event: KeyboardEvent, dialog: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (control) => !control.closest('[hidden], [aria-hidden="true"]'),
  );
  if (controls.length === 0) return;
  const first = controls[0];
  const last = controls[controls.length - 1];
  const active = document.activeElement;
  const inside = active instanceof Node && dialog.contains(active);
  const wrap = event.shiftKey ? !inside || active === first || active === dialog : !inside || active === last;
  if (wrap) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}
