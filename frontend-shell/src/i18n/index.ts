import { addNamespace } from 'frontend-common';
import en from './locales/en/shell.json';
import es from './locales/es/shell.json';

export const SHELL_NS = 'shell';

export function registerShellTranslations(): void {
  addNamespace(SHELL_NS, { es, en });
}
