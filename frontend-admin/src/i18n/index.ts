import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { addNamespace } from 'frontend-common';
import en from './locales/en/admin.json';
import es from './locales/es/admin.json';

export const ADMIN_NS = 'admin';

/** Adds this remote's texts to the page's one i18next instance (never a second instance). */
export function registerAdminTranslations(): void {
  addNamespace(ADMIN_NS, { es, en });
}

/** English text -> key, for every plain (uninterpolated) English text of the namespace. */
const keyByEnglish = new Map<string, string>();
(function index(node: Record<string, unknown>, prefix: string) {
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'string') {
      if (!value.includes('{{') && !keyByEnglish.has(value)) keyByEnglish.set(value, `${prefix}${key}`);
    } else if (value && typeof value === 'object')
      index(value as Record<string, unknown>, `${prefix}${key}.`);
  }
})(en, '');

/**
 * The admin namespace's `t`, plus `serverText`: the server answers in English, and the
 * English texts of this namespace are the server's messages word for word ('Invalid
 * credentials', 'Name is required'...), so a known message is shown in the current language
 * and anything else exactly as the server wrote it.
 */
export function useAdminTranslation() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const serverText = useCallback(
    (message: string | undefined): string | undefined => {
      if (message === undefined) return undefined;
      const key = keyByEnglish.get(message.trim());
      return key ? t(key) : message;
    },
    [t],
  );
  return { t, i18n, serverText };
}
