import { addNamespace } from 'frontend-common';
import en from './locales/en/directory.json';
import es from './locales/es/directory.json';

export const DIRECTORY_NS = 'directory';

/** Adds this remote's texts to the page's one i18next instance (never a second instance). */
export function registerDirectoryTranslations(): void {
  addNamespace(DIRECTORY_NS, { es, en });
}
