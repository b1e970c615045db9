import { useTranslation } from 'react-i18next';
import { useCallback, useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  isVerifiedShop,
  languageOfPath,
  listingPath,
  safeUrl,
  ShopLogo,
  useDocumentTitle,
  type Shop,
} from 'frontend-common';
import { useGetShopBySlugQuery, useGetShopsQuery } from '../../api/shopsApi';
import type { DirectorySnapshot } from '../../app/snapshot';
import { cameFromListing } from '../listing/returnToCard';
import { VerifiedMark } from '../listing/VerifiedMark';
import { distanceKm, shopPoint } from '../nearby/distance';
import { formatDistance } from '../nearby/formatDistance';
import { useRememberedPosition } from '../nearby/rememberedPosition';
import { directionsHref, whatsAppShareHref } from './contactLinks';
import { ShareButton } from './ShareButton';
import { ShopDetails } from './ShopDetails';
import { CorrectionForm } from '../corrections/CorrectionForm';
import { CertificateCheck } from './CertificateCheck';
import { useToast } from './useToast';
import '../listing/listing.css';
import './shop.css';

/**
 * A shop's own page (`/shops/<slug>`, `/en/shops/<slug>`): everything the listing's detail view
 * showed, plus sharing and directions. Opened directly, it shows the shop the server rendered;
 * reached from the listing, it asks for that one shop (`GET /api/shops/by-slug/<slug>`, which
 * follows a renamed shop's old slug to its current one). When that request fails for another
 * reason than an unknown slug (offline, where the service worker keeps no single shop), the shop
 * comes from the whole catalogue (`GET /api/shops`), which the service worker keeps for the
 * listing's offline use.
 */
export function ShopPage({ snapshot }: { snapshot?: DirectorySnapshot }) {
  const { slug = '' } = useParams();
  const fromServer = snapshot?.kind === 'shop' && snapshot.shop.slug === slug ? snapshot : undefined;
  const found = useGetShopBySlugQuery(slug, { skip: Boolean(fromServer) });
  // An unknown slug is the "no such shop" message; any other failure is the error one, unless
  // the catalogue has the shop. Asked only then: online, the page makes no second request.
  const failed = found.isError && !(found.error && 'status' in found.error && found.error.status === 404);
  const catalogue = useGetShopsQuery(undefined, {
    skip: !failed,
    selectFromResult: ({ data, isFetching }) => ({
      shop: data?.find((candidate) => candidate.slug === slug),
      isFetching,
    }),
  });
  const shop = fromServer?.shop ?? found.data ?? catalogue.shop;
  const { t } = useTranslation('directory');
  // The title the server gave this page (frontend-shell/src/server/headTags.ts), kept when the
  // page is reached by a navigation in the browser; the shell's page `main` holds this one.
  useDocumentTitle(
    shop ? t('pageTitle.shop', { name: shop.name, city: shop.city, state: shop.state }) : null,
  );
  useEscapeBack();
  return (
    <div className="atm-dir-main atm-shop">
      <BackLink />
      {shop ? (
        <ShopArticle shop={shop} url={fromServer?.url} />
      ) : found.isFetching || catalogue.isFetching ? (
        <ShopLoading />
      ) : (
        <ShopMissing failed={failed} />
      )}
    </div>
  );
}

/**
 * Back to the listing: to the very listing the visitor came from (its filters, its page, their
 * card focused: listing/returnToCard.ts) when they came from one, or else to the whole listing.
 */
function useBackToListing() {
  const location = useLocation();
  const navigate = useNavigate();
  const fromListing = cameFromListing(location.state);
  const listing = listingPath(languageOfPath(location.pathname));
  const back = useCallback(
    () => (fromListing ? navigate(-1) : navigate(listing)),
    [fromListing, listing, navigate],
  );
  return { listing, back };
}

/** Escape leaves the shop's page for the listing, as it closed the shop dialog this page replaced. */
function useEscapeBack() {
  const { back } = useBackToListing();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // Escape in an open dialog (the side menu) closes that dialog only; a closed one stays in
      // the page, hidden, so only a dialog that is drawn counts.
      const dialogs = document.querySelectorAll('[role="dialog"]');
      if ([...dialogs].some((dialog) => dialog.getClientRects().length > 0)) return;
      event.preventDefault();
      back();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [back]);
}

function BackLink() {
  const { t } = useTranslation('directory');
  const { listing, back } = useBackToListing();
  return (
    <p className="atm-shop__back">
      <Link
        to={listing}
        onClick={(event) => {
          // A plain click goes back; Ctrl/Cmd/Shift-click still opens the listing elsewhere.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          back();
        }}
      >
        <span aria-hidden="true">‹ </span>
        {t('shop.back')}
      </Link>
    </p>
  );
}

function ShopArticle({ shop, url: serverUrl }: { shop: Shop; url?: string }) {
  const { t } = useTranslation('directory');
  const location = useLocation();
  const toast = useToast();
  // The server knows the public URL; after a navigation in the browser, this page's address is it.
  const url = serverUrl ?? `${window.location.origin}${location.pathname}`;
  const shareText = t('shop.shareText', { name: shop.name, city: shop.city, state: shop.state });
  const mapsHref = safeUrl(shop.googleMapsUrl);
  // Reached by a navigation in the page (not loaded), focus moves to its heading so a screen
  // reader reads the new page and Tab starts from it; a loaded page keeps the browser's start.
  const heading = useRef<HTMLHeadingElement>(null);
  const navigated = location.key !== 'default';
  useEffect(() => {
    if (navigated) heading.current?.focus();
  }, [navigated, shop.slug]);
  return (
    <article className="atm-shop__article">
      <header className="atm-shop__head">
        <ShopLogo logo={shop.logo} alt={t('card.logoAlt', { name: shop.name })} size={72} />
        <div className="atm-shop__title">
          <h1 ref={heading} tabIndex={-1}>
            {shop.name}
          </h1>
          <p>
            {shop.city}, {shop.state}
          </p>
          {isVerifiedShop(shop) && <VerifiedMark long />}
          <ShopDistance shop={shop} />
        </div>
      </header>
      <CertificateCheck shop={shop} />
      <div className="atm-shop__actions">
        <a
          className="atm-dir-button atm-shop__action"
          href={directionsHref(shop)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('shop.directions')}
          <span className="atm-visually-hidden"> {t('detail.newTab')}</span>
        </a>
        {mapsHref && (
          <a className="atm-shop__secondary" href={mapsHref} target="_blank" rel="noopener noreferrer">
            {t('detail.googleMaps')}
            <span className="atm-visually-hidden"> {t('detail.newTab')}</span>
          </a>
        )}
        <ShareButton url={url} title={shop.name} text={shareText} onResult={toast.show} />
        <a
          className="atm-shop__secondary"
          href={whatsAppShareHref(`${shareText} ${url}`)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('shop.shareWhatsApp')}
          <span className="atm-visually-hidden"> {t('detail.newTab')}</span>
        </a>
      </div>
      <ShopDetails shop={shop} />
      <CorrectionForm shopId={shop.id} />
      {/* Always in the page, so screen readers announce what is written into it. */}
      <div className="atm-shop__toast" role="status" aria-live="polite" data-shown={toast.message !== ''}>
        {toast.message}
      </div>
    </article>
  );
}

/** "a 3.2 km" when the visitor used "near me" in this visit; nothing otherwise. */
export function ShopDistance({ shop }: { shop: Shop }) {
  const { t, i18n } = useTranslation('directory');
  const position = useRememberedPosition();
  const point = shopPoint(shop);
  if (!position || !point) return null;
  const distance = formatDistance(distanceKm(position, point), i18n.language);
  return <p className="atm-shop__distance">{t('nearby.distance', { distance })}</p>;
}

function ShopLoading() {
  const { t } = useTranslation('directory');
  return (
    <div
      className="atm-dir-card atm-dir-skeleton"
      role="status"
      aria-busy="true"
      aria-label={t('shop.loading')}
    >
      <span className="atm-dir-skeleton__avatar" />
      <span className="atm-dir-skeleton__line" />
      <span className="atm-dir-skeleton__line atm-dir-skeleton__line--short" />
    </div>
  );
}

function ShopMissing({ failed }: { failed: boolean }) {
  const { t } = useTranslation('directory');
  return (
    <div className="atm-dir-message" role={failed ? 'alert' : undefined}>
      <h1>{t(failed ? 'error.title' : 'shop.missing.title')}</h1>
      <p>{t(failed ? 'error.description' : 'shop.missing.description')}</p>
    </div>
  );
}
