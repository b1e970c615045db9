import { ENGLISH_PREFIX, PUBLIC_PAGES, routePattern, type PublicPage } from 'contract';
import { DEFAULT_LANGUAGE, type Language } from './i18n';

/**
 * The public pages' URLs, from the one table of them (contract's PUBLIC_PAGES): Spanish
 * unprefixed, English under `/en`. The shell's router, the directory's links, the server render
 * and the language switch all build and read public URLs through these functions.
 */
export type { PublicPage };

/** Each path of the table, compiled, with the page it is. */
const ROUTES = PUBLIC_PAGES.flatMap(({ kind, paths }) =>
  paths.map((template) => ({ kind, template, pattern: new RegExp(routePattern(template)) })),
);

/** The language a path is in: English under `/en`, Spanish everywhere else. */
export function languageOfPath(pathname: string): Language {
  return pathname === ENGLISH_PREFIX || pathname.startsWith(`${ENGLISH_PREFIX}/`) ? 'en' : DEFAULT_LANGUAGE;
}

/** The public page a path shows, or null (admin, 404, files). */
export function parsePublicPath(pathname: string): PublicPage | null {
  const language = languageOfPath(pathname);
  const rest = language === 'en' ? pathname.slice(ENGLISH_PREFIX.length) || '/' : pathname;
  for (const { kind, template, pattern } of ROUTES) {
    const match = pattern.exec(rest);
    if (!match) continue;
    if (kind === 'listing') return { kind, language, shopsPath: template === '/shops' };
    if (kind === 'list-my-shop') return { kind, language };
    try {
      return { kind, language, slug: decodeURIComponent(match[1]) };
    } catch {
      return null; // a malformed %-escape is no slug
    }
  }
  return null;
}

/** The path prefix of a language: '' for Spanish, '/en' for English. */
export const languagePrefix = (language: Language): string => (language === 'en' ? ENGLISH_PREFIX : '');

/** The listing's path in a language: '/' or '/en/' (or '/shops', '/en/shops'). */
export function listingPath(language: Language, shopsPath = false): string {
  return `${languagePrefix(language)}${shopsPath ? '/shops' : '/'}`;
}

/** A shop page's path: '/shops/<slug>' or '/en/shops/<slug>'. */
export function shopPath(language: Language, slug: string): string {
  return `${languagePrefix(language)}/shops/${encodeURIComponent(slug)}`;
}

/** The "List my shop" form's path: '/list-my-shop' or '/en/list-my-shop'. */
export function listMyShopPath(language: Language): string {
  return `${languagePrefix(language)}/list-my-shop`;
}

/** The path of a public page. */
export function pathOfPage(page: PublicPage): string {
  if (page.kind === 'list-my-shop') return listMyShopPath(page.language);
  return page.kind === 'shop'
    ? shopPath(page.language, page.slug)
    : listingPath(page.language, page.shopsPath);
}

/** The same public page in another language (its twin), or null when the path is no public page. */
export function twinPath(pathname: string, language: Language): string | null {
  const page = parsePublicPath(pathname);
  return page ? pathOfPage({ ...page, language }) : null;
}
