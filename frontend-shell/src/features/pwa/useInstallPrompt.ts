import { useCallback, useSyncExternalStore } from 'react';

/** Chromium's install offer (`beforeinstallprompt`), which public/pwa.js keeps on `window`. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

declare global {
  interface Window {
    __atmInstallPrompt?: InstallPromptEvent;
  }
}

/** public/pwa.js says so when the offer comes or goes (installed, or used). */
const CHANGED = 'atm:installable';

const subscribe = (onChange: () => void) => {
  window.addEventListener(CHANGED, onChange);
  return () => window.removeEventListener(CHANGED, onChange);
};
const current = () => window.__atmInstallPrompt ?? null;

/**
 * Installs the app when the browser offers it: a function to call from a click, or null when
 * there is no offer (another browser, already installed, already asked).
 */
export function useInstallPrompt(): (() => void) | null {
  const offer = useSyncExternalStore(subscribe, current, () => null);
  const install = useCallback(() => {
    if (!offer) return;
    // An offer can be shown once; whatever the answer, it is gone.
    window.__atmInstallPrompt = undefined;
    window.dispatchEvent(new Event(CHANGED));
    void offer.prompt();
  }, [offer]);
  return offer ? install : null;
}
