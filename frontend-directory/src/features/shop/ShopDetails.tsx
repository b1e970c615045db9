import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { safeUrl, whatsappUrl, type Shop } from 'frontend-common';
import { DETAIL_SECTIONS } from '../shop-fields/shopFieldViews';
import { mailHref, telHref } from './contactLinks';

/**
 * The map picture. Its size is the demo's and the usual static map's (16:9): the page keeps that
 * room while the picture loads, and CSS (`height: auto`) then follows the picture's own shape.
 */
function MapImage({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      className="atm-dir-detail__map"
      src={src}
      alt={alt}
      width={640}
      height={360}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

/**
 * What the spec's detail view shows of a shop: description, location, services, contact and the
 * map image. Plain markup (no antd), so the server renders it as the browser does.
 */
export function ShopDetails({
  shop,
  headingLevel = 2,
}: {
  shop: Shop;
  /** 3 under a dialog's h2 */ headingLevel?: 2 | 3;
}) {
  const H = headingLevel === 3 ? 'h3' : 'h2';
  const { t } = useTranslation('directory');
  const phone = telHref(shop.phone);
  const email = mailHref(shop.email);
  const whatsApp = whatsappUrl(shop.whatsapp);
  const website = shop.website?.trim() ? shop.website.trim() : null;
  const websiteHref = website ? safeUrl(website) : null;
  const mapSrc = safeUrl(shop.mapImageUrl);

  return (
    <div className="atm-dir-detail">
      <section>
        <H>{t('detail.description')}</H>
        <p>{shop.description}</p>
      </section>
      <section>
        <H>{t('detail.location')}</H>
        <address>
          {shop.address}
          <br />
          {shop.city}, {shop.state}
        </address>
      </section>
      {DETAIL_SECTIONS.map((Section, index) => (
        <Section key={index} shop={shop} />
      ))}
      <section>
        <H>{t('detail.services')}</H>
        <ul className="atm-dir-badges">
          {shop.categories.map((category) => (
            <li key={category} className="atm-dir-tag">
              {category}
            </li>
          ))}
        </ul>
      </section>
      <section>
        <H>{t('detail.contact')}</H>
        <dl className="atm-dir-detail__contact">
          <dt>{t('detail.phone')}</dt>
          <dd>{phone ? <a href={phone}>{shop.phone}</a> : shop.phone}</dd>
          {shop.whatsapp && (
            <>
              <dt>{t('detail.whatsapp')}</dt>
              <dd>
                {whatsApp ? (
                  <a href={whatsApp} target="_blank" rel="noopener noreferrer">
                    {shop.whatsapp}
                    <span className="atm-visually-hidden"> {t('detail.whatsappNewTab')}</span>
                  </a>
                ) : (
                  shop.whatsapp
                )}
              </dd>
            </>
          )}
          <dt>{t('detail.email')}</dt>
          <dd>{email ? <a href={email}>{shop.email}</a> : shop.email}</dd>
          {website && (
            <>
              <dt>{t('detail.website')}</dt>
              <dd>
                {websiteHref ? (
                  <a href={websiteHref} target="_blank" rel="noopener noreferrer">
                    {website}
                  </a>
                ) : (
                  website
                )}
              </dd>
            </>
          )}
        </dl>
      </section>
      {mapSrc && (
        <section>
          <H>{t('detail.map')}</H>
          <MapImage key={mapSrc} src={mapSrc} alt={t('detail.mapAlt', { name: shop.name })} />
        </section>
      )}
    </div>
  );
}
