import type { Shop } from 'frontend-common';

export type VerifiedFilter = 'all' | 'verified' | 'unverified';

const fold = (value: string) => value.toLocaleLowerCase('es').normalize('NFD').replace(/\p{M}/gu, '');

/** The dashboard's search (name, description, city, state, email, categories; accents ignored) and verification filter. */
export function filterAdminShops(shops: Shop[], search: string, verified: VerifiedFilter): Shop[] {
  const needle = fold(search.trim());
  return shops.filter((shop) => {
    if (verified === 'verified' && shop.isVerified !== 'true') return false;
    if (verified === 'unverified' && shop.isVerified === 'true') return false;
    if (!needle) return true;
    return [shop.name, shop.description, shop.city, shop.state, shop.email, ...shop.categories].some((text) =>
      fold(text ?? '').includes(needle),
    );
  });
}

/** The distinct categories of all shops, in Spanish alphabetical order. */
export function shopCategories(shops: Shop[]): string[] {
  const unique = new Map<string, string>();
  for (const shop of shops)
    for (const category of shop.categories)
      unique.set(fold(category), unique.get(fold(category)) ?? category);
  return [...unique.values()].sort((a, b) => a.localeCompare(b, 'es'));
}

/** True when no complete backup was ever made or the last one is 3 calendar months old or more. */
export function isBackupDue(lastFullBackupAt: string | null | undefined, now = new Date()): boolean {
  if (!lastFullBackupAt) return true;
  const last = new Date(lastFullBackupAt);
  if (Number.isNaN(last.getTime())) return true;
  const due = new Date(last);
  due.setMonth(due.getMonth() + 3);
  return due.getTime() <= now.getTime();
}
