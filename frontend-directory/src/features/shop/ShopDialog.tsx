import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  isVerifiedShop,
  keepTabInside,
  languageOfPath,
  safeUrl,
  shopPath,
  ShopLogo,
  type Shop,
} from 'frontend-common';
import { useGetShopBySlugQuery } from '../../api/shopsApi';
import { FROM_LISTING } from '../listing/returnToCard';
import { VerifiedMark } from '../listing/VerifiedMark';
import { ShopDetails } from './ShopDetails';
import { ShopDistance } from './ShopPage';
import './shop.css';

/**
 * The listing's detail dialog of one shop: description, location, services, contact, logo, map
 * image and "Ver en Google Maps". It is open while the address bar shows the shop's page over
 * the listing (frontend-common's shopDialog.ts), so closing it is going back: Escape, the close
 * button and the browser's Back all return to the listing as it was, focus on the shop's card.
 * A native modal `<dialog>`: the page under it is inert, so focus stays inside.
 */
export function ShopDialog({ slug, shops }: { slug: string; shops: readonly Shop[] | undefined }) {
  const { t } = useTranslation('directory');
  const language = languageOfPath(useLocation().pathname);
  const navigate = useNavigate();
  const listed = shops?.find((shop) => shop.slug === slug);
  const found = useGetShopBySlugQuery(slug, { skip: Boolean(listed) });
  const shop = listed ?? found.data;
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Set while the dialog is taken down by a navigation, so its own close event is not a second Back.
  const leaving = useRef(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return undefined;
    leaving.current = false;
    if (!element.open) element.showModal();
    return () => {
      leaving.current = true;
      element.close();
      // Back on the card the dialog was opened from (it is in the listing under the dialog).
      const cards = document.querySelectorAll<HTMLElement>('[data-shop-slug]');
      [...cards].find((card) => card.dataset.shopSlug === slug)?.focus();
    };
  }, [slug]);

  const close = () => {
    if (!leaving.current) navigate(-1);
  };
  const mapsHref = shop ? safeUrl(shop.googleMapsUrl) : null;
  return (
    <dialog
      ref={dialog}
      className="atm-dir-dialog"
      aria-labelledby={titleId}
      aria-busy={!shop}
      onCancel={(event) => {
        event.preventDefault(); // closed by going back, so the address bar follows
        close();
      }}
      onClose={close}
      onKeyDown={(event) => keepTabInside(event.nativeEvent, event.currentTarget)}
    >
      <div className="atm-dir-dialog__head">
        {shop && <ShopLogo logo={shop.logo} alt={t('card.logoAlt', { name: shop.name })} size={64} />}
        <div className="atm-shop__title">
          <h2 id={titleId}>{shop?.name ?? t('shop.loading')}</h2>
          {shop && (
            <p>
              {shop.city}, {shop.state}
            </p>
          )}
          {shop && isVerifiedShop(shop) && <VerifiedMark long />}
          {shop && <ShopDistance shop={shop} />}
        </div>
        <button
          type="button"
          className="atm-dir-dialog__close"
          onClick={close}
          aria-label={t('dialog.close')}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {shop ? (
        <>
          {/* The spec's button first, where the eye lands after the name; the details below. */}
          <div className="atm-shop__actions">
            {mapsHref && (
              <a
                className="atm-dir-button atm-shop__action"
                href={mapsHref}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('detail.googleMaps')}
                <span className="atm-visually-hidden"> {t('detail.newTab')}</span>
              </a>
            )}
            {/* The page in place of the dialog: Back from it still returns to this listing. */}
            <Link
              className="atm-shop__secondary"
              to={shopPath(language, shop.slug)}
              state={FROM_LISTING}
              replace
            >
              {t('dialog.page')}
            </Link>
          </div>
          <ShopDetails shop={shop} headingLevel={3} />
        </>
      ) : found.isError ? (
        <p role="alert">{t('error.description')}</p>
      ) : null}
    </dialog>
  );
}
