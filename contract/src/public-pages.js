// @ts-check

/**
 * The public pages, the one table of them. The shell's routes (its App), the server render (the
 * backend's PublicPages: which route a page is, what data it is drawn from) and the shell's
 * preamble that runs before any bundle (the build writes these patterns into it) all read it;
 * frontend-common's routes parse and build the pages' URLs with it.
 *
 * `paths` are route templates in Spanish; English has the same under `/en`. `:slug` is one path
 * segment; a trailing slash is allowed. `view` is what the directory draws; `hero`: the shell
 * draws its hero above it. Every page works as HTML first and starts its scripts on the
 * visitor's first sign of use (hydration on intent, the shell's README).
 */
export const PUBLIC_PAGES = /** @type {const} */ ([
  { kind: 'listing', paths: ['/', '/shops'], view: 'listing', hero: true },
  { kind: 'shop', paths: ['/shops/:slug'], view: 'shop', hero: false },
  { kind: 'list-my-shop', paths: ['/list-my-shop'], view: 'list-my-shop', hero: false },
]);

/**
 * A public page as its URL names it: the kinds of PUBLIC_PAGES, with what their paths say.
 * @typedef {{ kind: 'listing', language: 'es' | 'en', shopsPath: boolean }
 *   | { kind: 'shop', language: 'es' | 'en', slug: string }
 *   | { kind: 'list-my-shop', language: 'es' | 'en' }} PublicPage
 */

/** The prefix of the English pages. */
export const ENGLISH_PREFIX = '/en';

/**
 * A route template as a regular expression's source, anchored: `:name` one segment (captured),
 * a trailing slash optional ('/' itself is the empty rest).
 * @param {string} template
 */
export function routePattern(template) {
  const segments = template
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return segments.length ? `^/${segments.join('/')}/?$` : '^/$';
}

/** Every Spanish public path in one pattern (source): what the preamble matches before any bundle. */
export const SPANISH_PUBLIC_PATH = PUBLIC_PAGES.flatMap((page) => page.paths)
  .map((template) => `(?:${routePattern(template)})`)
  .join('|');

/** Every public path in either language, in one pattern (source): `/en` alone is the English listing. */
export const PUBLIC_PATH = PUBLIC_PAGES.flatMap((page) => page.paths)
  .flatMap((template) => [template, `${ENGLISH_PREFIX}${template === '/' ? '' : template}`])
  .map((template) => `(?:${routePattern(template)})`)
  .join('|');
