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

/** The language the visitor chose with a language switch, if any (null: never chose, or no storage). */
export function rememberedLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null; // no window (server render), or storage blocked (private mode, sandboxed frame)
  }
}

function showLanguage(lng: string): void {
  if (typeof document !== 'undefined')
    document.documentElement.lang = isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

/**
 * Initialises the shared instance once (idempotent) and returns it. `language` is the page's own
 * (public URLs carry it: `/en/...`); without it, the remembered choice or Spanish (admin pages,
 * which have one URL for both languages).
 */
export function initI18n(language?: Language): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      lng: language ?? rememberedLanguage() ?? DEFAULT_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      // No fallback language: a missing translation shows its key, which makes
      // gaps visible instead of silently mixing languages.
      fallbackLng: false,
      resources: {},
      initAsync: false,
      interpolation: { escapeValue: false }, // React escapes
      returnEmptyString: false,
      react: { useSuspense: false },
    });
    i18n.on('languageChanged', showLanguage);
    showLanguage(i18n.language);
  } else if (language && i18n.language !== language) {
    void i18n.changeLanguage(language);
  }
  return i18n;
}

/**
 * A language switch was used: remember the choice (a Spanish URL then takes this visitor to its
 * English twin, see public/preamble.js) and change the page's language. Only an explicit choice
 * is remembered; opening an English link is not one.
 */
export function chooseLanguage(language: Language): Promise<unknown> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // not remembered; the page still switches
  }
  return i18n.changeLanguage(language);
}

/** Adds a namespace's translations to the shared instance (a remote calls this, never `init`). */
export function addNamespace(ns: string, resources: NamespaceResources): void {
  const instance = initI18n();
  for (const lng of SUPPORTED_LANGUAGES) {
    instance.addResourceBundle(lng, ns, resources[lng], true, true);
  }
}
