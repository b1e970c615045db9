import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * One i18next instance for the whole page: the library's default instance. `i18next` and
 * `react-i18next` are Module Federation singletons, so the shell and every remote that does
 * `import i18n from 'i18next'` get this same object. Only the shell (or a remote running
 * standalone for development) calls `initI18n`; remotes only add their namespace.
 */
export const SUPPORTED_LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
/** Spanish for a first visit, whatever the browser says: the alliance's public is Mexican. */
export const DEFAULT_LANGUAGE: Language = 'es';
export const LANGUAGE_STORAGE_KEY = 'atm.language';

export type NamespaceResources = Record<Language, Record<string, unknown>>;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);

function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE; // storage blocked (private mode, sandboxed frame)
  }
}

function rememberLanguage(lng: string): void {
  const language = isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
  document.documentElement.lang = language;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // not remembered; the page still switches
  }
}

/** Initialises the shared instance once (idempotent) and returns it. */
export function initI18n(): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      lng: readStoredLanguage(),
      supportedLngs: [...SUPPORTED_LANGUAGES],
      // No fallback language: a missing translation shows its key (spec section 1), which makes
      // gaps visible instead of silently mixing languages.
      fallbackLng: false,
      resources: {},
      initAsync: false,
      interpolation: { escapeValue: false }, // React escapes
      returnEmptyString: false,
      react: { useSuspense: false },
    });
    i18n.on('languageChanged', rememberLanguage);
    document.documentElement.lang = i18n.language;
  }
  return i18n;
}

/** Adds a namespace's translations to the shared instance (a remote calls this, never `init`). */
export function addNamespace(ns: string, resources: NamespaceResources): void {
  const instance = initI18n();
  for (const lng of SUPPORTED_LANGUAGES) {
    instance.addResourceBundle(lng, ns, resources[lng], true, true);
  }
}
