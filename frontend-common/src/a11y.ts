import { useEffect, useSyncExternalStore, type RefObject } from 'react';

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
 * to the last, and back in from anywhere outside. antd's own focus lock only pulls focus back
 * once it has reached the page behind, and only when it measured the dialog as fixed when it
 * opened, which a dialog whose code and styles arrive lazily can miss.
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

/** Traps Tab in the dialog (`role="dialog"`) that holds `content`, while mounted. */
export function useFocusTrap(content: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const dialog = content.current?.closest<HTMLElement>('[role="dialog"]');
      if (dialog) keepTabInside(event, dialog);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [content]);
}
