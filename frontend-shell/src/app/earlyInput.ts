/**
 * Input that reached a server-rendered page before React listened to it (public/preamble.js
 * records it): a button pressed, a select changed, a checkbox ticked. The press that wakes the page up is usually
 * the first thing a visitor does (the language switch, the menu, "Compartir"), so it must not be
 * lost while the scripts arrive. Typed text needs nothing: it stays in the search box, and the
 * directory's FilterBar applies it once live.
 */
export type EarlyInput =
  | { click: HTMLElement }
  | { select: HTMLSelectElement; value: string }
  | { checkbox: HTMLInputElement; checked: boolean };

declare global {
  interface Window {
    __atmEarlyInput?: () => EarlyInput[];
  }
}

/** What the preamble kept, and the end of its recording: call right before React listens. */
export function takeEarlyInput(): EarlyInput[] {
  return window.__atmEarlyInput?.() ?? [];
}

/**
 * Replays `early` on the live page, in order. Hydration keeps the server's elements, so they are
 * the ones pressed. A select's choice is set again (hydration put back the server's) and
 * announced with the change event React listens to; a checkbox is clicked into its state.
 */
export function replayEarlyInput(early: EarlyInput[]): void {
  for (const input of early) {
    if ('click' in input) {
      if (input.click.isConnected) input.click.click();
    } else if ('select' in input) {
      if (!input.select.isConnected) continue;
      input.select.value = input.value;
      input.select.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (input.checkbox.isConnected) {
      // React hears a checkbox by its click: from the other state, whatever hydration left.
      input.checkbox.checked = !input.checked;
      input.checkbox.click();
    }
  }
}

/**
 * Calls `then` once the page is live: at once when `isLive()` holds, else when an attribute of
 * `<html>` changes and it does (the directory marks `data-directory-hydrated` when its markup
 * has hydrated, DirectoryApp.tsx).
 */
export function whenLive(isLive: () => boolean, then: () => void): void {
  if (isLive()) {
    then();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!isLive()) return;
    observer.disconnect();
    then();
  });
  observer.observe(document.documentElement, { attributes: true });
}
