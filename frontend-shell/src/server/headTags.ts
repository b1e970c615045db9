import type { TFunction } from 'i18next';
import { SHOP_SCHEMA } from 'contract';
import {
  isVerifiedShop,
  listingPath,
  logoKind,
  pathOfPage,
  safeUrl,
  type DirectorySnapshot,
  type Language,
  type PublicPage,
  type Shop,
} from 'frontend-common';

/** og:locale and hreflang per language (the Spanish pages are written for Mexico). */
const LOCALES: Record<Language, { og: string; hreflang: string }> = {
  es: { og: 'es_MX', hreflang: 'es-MX' },
  en: { og: 'en_US', hreflang: 'en' },
};
const DESCRIPTION_LENGTH = 160;
/** The installable app's manifest in the page's language (the shell's build writes both: webpack.pwa.mjs). */
const manifestLink = (language: Language) =>
  `<link rel="manifest" href="${language === 'en' ? '/en' : ''}/manifest.webmanifest">`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside `<script>`: `<` escaped, so a value cannot close the element (`</script>`). */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** One line of text at most `length` long, cut at a word. */
function summary(text: string, length = DESCRIPTION_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= length) return line;
  const cut = line.slice(0, length - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** An image path or URL of a shop as an absolute URL, or null (icon logos, unsafe values). */
function absoluteImage(value: string, publicUrl: string): string | null {
  const safe = safeUrl(value);
  if (!safe) return null;
  return safe.startsWith('/') ? `${publicUrl}${safe}` : safe;
}

/** A picture's size in pixels, when the server knows it (an uploaded image). */
export interface ImageSize {
  width: number;
  height: number;
}

/** A link preview's picture: its absolute URL, the text that says what it shows, its size if known. */
interface PreviewImage {
  url: string;
  alt: string;
  size?: ImageSize;
}

/**
 * The shop's picture for link previews: its logo when that is an image, else its map, with an alt
 * naming the shop (Twitter and Facebook read `og:image:alt`, `twitter:image:alt`) and its size
 * when `sizeOf` knows the path or URL.
 */
function shopImage(
  shop: Shop,
  publicUrl: string,
  t: TFunction,
  sizeOf: (src: string) => ImageSize | undefined,
): PreviewImage | null {
  const logo = logoKind(shop.logo);
  const names = { name: shop.name, city: shop.city, state: shop.state };
  const picture = (src: string, alt: string): PreviewImage | null => {
    const url = absoluteImage(src, publicUrl);
    if (!url) return null;
    const size = sizeOf(src);
    return { url, alt, ...(size ? { size } : {}) };
  };
  return (
    (logo.kind === 'image' ? picture(logo.src, t('head.image.logoAlt', names)) : null) ??
    picture(shop.mapImageUrl, t('head.image.mapAlt', names))
  );
}

/** The listing's query in a fixed order without defaults, so each listing page has one URL. */
function listingSearch(snapshot: DirectorySnapshot | null): string {
  if (snapshot?.kind !== 'listing') return '';
  const params = new URLSearchParams();
  const { q, category, city, state } = snapshot.filters;
  if (q.trim()) params.set('q', q.trim());
  for (const [key, value] of Object.entries({ category, city, state }))
    if (value !== 'all') params.set(key, value);
  if (snapshot.page > 1) params.set('page', String(snapshot.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** schema.org LocalBusiness of a shop (https://schema.org/LocalBusiness). */
function localBusiness(shop: Shop, url: string, description: string, image: string | null) {
  const website = shop.website ? safeUrl(shop.website) : null;
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': url,
    name: shop.name,
    description,
    url,
    ...(image ? { image } : {}),
    telephone: shop.phone,
    email: shop.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: shop.address,
      addressLocality: shop.city,
      addressRegion: shop.state,
      addressCountry: 'MX',
    },
    ...(shop.latitude !== null && shop.longitude !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: shop.latitude, longitude: shop.longitude } }
      : {}),
    ...(website ? { sameAs: [website] } : {}),
    // What fields add of their own (the schema's `structuredData`: opening hours, say)
    ...Object.assign({}, ...SHOP_SCHEMA.map((field) => field.structuredData?.(shop[field.name], shop))),
  };
}

export interface HeadInput {
  /** The public page, or null for the 404 page. */
  page: PublicPage | null;
  language: Language;
  snapshot: DirectorySnapshot | null;
  /** Origin of absolute URLs, without a trailing slash (PUBLIC_URL). */
  publicUrl: string;
  t: TFunction;
  /** The size of a shop's image path or URL, when the server knows it (see ImageSize). */
  imageSize?: (src: string) => ImageSize | undefined;
}

/**
 * The head tags of a server-rendered page, in its language: title, description, canonical,
 * hreflang alternates, OpenGraph and Twitter card, and on a shop page its JSON-LD; the 404 page
 * gets its title and noindex. Every value is escaped here.
 */
export function headTags({
  page,
  language,
  snapshot,
  publicUrl,
  t,
  imageSize = () => undefined,
}: HeadInput): {
  title: string;
  tags: string;
} {
  const meta = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
  const property = (name: string, content: string) =>
    `<meta property="${name}" content="${escapeHtml(content)}">`;
  if (!page) {
    const title = t('head.notFound.title');
    return {
      title,
      tags: [meta('robots', 'noindex'), meta('description', t('notFound.description'))].join(''),
    };
  }

  if (page.kind === 'list-my-shop') {
    const urlOf = (lng: Language) => `${publicUrl}${pathOfPage({ ...page, language: lng })}`;
    return {
      title: t('head.listMyShop.title'),
      tags: [
        meta('description', t('head.listMyShop.description')),
        manifestLink(language),
        `<link rel="canonical" href="${escapeHtml(urlOf(language))}">`,
        ...(['es', 'en'] as const).map(
          (lng) =>
            `<link rel="alternate" hreflang="${LOCALES[lng].hreflang}" href="${escapeHtml(urlOf(lng))}">`,
        ),
        `<link rel="alternate" hreflang="x-default" href="${escapeHtml(urlOf('es'))}">`,
      ].join(''),
    };
  }

  const shop = page.kind === 'shop' && snapshot?.kind === 'shop' ? snapshot.shop : null;
  // A listing's twins and canonical: '/' (the same list as '/shops') with its normalized query.
  const pathIn = (lng: Language) =>
    page.kind === 'shop' ? pathOfPage({ ...page, language: lng }) : listingPath(lng);
  const search = listingSearch(snapshot);
  const urlIn = (lng: Language) => `${publicUrl}${pathIn(lng)}${search}`;
  const url = urlIn(language);
  const listingPage = snapshot?.kind === 'listing' && snapshot.page > 1 ? snapshot.page : null;
  const title = shop
    ? t('head.shop.title', { name: shop.name, city: shop.city, state: shop.state })
    : `${t('head.listing.title')}${listingPage ? ` · ${t('head.listing.page', { page: listingPage })}` : ''}`;
  const description = shop
    ? summary(
        t(isVerifiedShop(shop) ? 'head.shop.descriptionVerified' : 'head.shop.description', {
          name: shop.name,
          city: shop.city,
          state: shop.state,
          summary: shop.description,
        }),
      )
    : t('head.listing.description');
  const image = shop
    ? shopImage(shop, publicUrl, t, imageSize)
    : snapshot?.kind === 'listing'
      ? (snapshot.items.map((item) => shopImage(item, publicUrl, t, imageSize)).find(Boolean) ?? null)
      : null;

  const tags = [
    meta('description', description),
    manifestLink(language),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...(['es', 'en'] as const).map(
      (lng) => `<link rel="alternate" hreflang="${LOCALES[lng].hreflang}" href="${escapeHtml(urlIn(lng))}">`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(urlIn('es'))}">`,
    property('og:type', shop ? 'business.business' : 'website'),
    property('og:site_name', t('head.siteName')),
    property('og:title', title),
    property('og:description', description),
    property('og:url', url),
    property('og:locale', LOCALES[language].og),
    property('og:locale:alternate', LOCALES[language === 'es' ? 'en' : 'es'].og),
    ...(image
      ? [
          property('og:image', image.url),
          property('og:image:alt', image.alt),
          ...(image.size
            ? [
                property('og:image:width', String(image.size.width)),
                property('og:image:height', String(image.size.height)),
              ]
            : []),
        ]
      : []),
    meta('twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('twitter:title', title),
    meta('twitter:description', description),
    ...(image ? [meta('twitter:image', image.url), meta('twitter:image:alt', image.alt)] : []),
    ...(shop
      ? [
          `<script type="application/ld+json">${scriptJson(localBusiness(shop, url, description, image?.url ?? null))}</script>`,
        ]
      : []),
  ];
  return { title, tags: tags.join('') };
}
