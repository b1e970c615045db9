import { useRef, useState } from 'react';
import { Button, Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AntdProviders, isVerifiedShop, safeUrl, ShopLogo, useFocusTrap, type Shop } from 'frontend-common';
import { VerifiedMark } from './VerifiedMark';

/** `tel:` wants digits and a leading +; the visible text keeps the shop's own formatting. */
const telHref = (phone: string) => {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits.replace(/\D/g, '').length >= 7 ? `tel:${digits}` : null;
};
const mailHref = (email: string) =>
  /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+$/.test(email) ? `mailto:${email}` : null;

function MapImage({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      className="atm-dir-detail__map"
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

interface ShopDetailProps {
  shop: Shop | undefined;
  onClose: () => void;
}

/**
 * Default export: ListingPage loads this lazily, only when a shop is opened. It is the page's
 * only antd, so antd's provider (theme, locale following the language) comes with it.
 */
export default function ShopDetailModal(props: ShopDetailProps) {
  return (
    <AntdProviders withApp={false}>
      <ShopDetail {...props} />
    </AntdProviders>
  );
}

function ShopDetail({ shop, onClose }: ShopDetailProps) {
  const { t } = useTranslation('directory');
  const content = useRef<HTMLDivElement>(null);
  useFocusTrap(content);
  if (!shop) return null;
  const phone = telHref(shop.phone);
  const email = mailHref(shop.email);
  const website = shop.website?.trim() ? shop.website.trim() : null;
  const websiteHref = website ? safeUrl(website) : null;
  const mapSrc = safeUrl(shop.mapImageUrl);
  const mapsHref = safeUrl(shop.googleMapsUrl);

  return (
    <Modal
      open
      onCancel={onClose}
      title={
        <span className="atm-dir-detail__title">
          <ShopLogo logo={shop.logo} alt={t('card.logoAlt', { name: shop.name })} size={48} />
          <span>{shop.name}</span>
        </span>
      }
      closable={{ 'aria-label': t('detail.close') }}
      footer={
        mapsHref ? (
          <Button type="primary" href={mapsHref} target="_blank" rel="noopener noreferrer">
            {t('detail.googleMaps')}
            <span className="atm-visually-hidden"> {t('detail.newTab')}</span>
          </Button>
        ) : null
      }
      width={640}
      destroyOnHidden
    >
      <div className="atm-dir-detail" ref={content}>
        {isVerifiedShop(shop) && <VerifiedMark long />}
        <section>
          <h3>{t('detail.description')}</h3>
          <p>{shop.description}</p>
        </section>
        <section>
          <h3>{t('detail.location')}</h3>
          <address>
            {shop.address}
            <br />
            {shop.city}, {shop.state}
          </address>
        </section>
        <section>
          <h3>{t('detail.services')}</h3>
          <div className="atm-dir-badges">
            {shop.categories.map((category) => (
              <Tag key={category}>{category}</Tag>
            ))}
          </div>
        </section>
        <section>
          <h3>{t('detail.contact')}</h3>
          <dl className="atm-dir-detail__contact">
            <dt>{t('detail.phone')}</dt>
            <dd>{phone ? <a href={phone}>{shop.phone}</a> : shop.phone}</dd>
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
            <h3>{t('detail.map')}</h3>
            <MapImage key={mapSrc} src={mapSrc} alt={t('detail.mapAlt', { name: shop.name })} />
          </section>
        )}
      </div>
    </Modal>
  );
}
