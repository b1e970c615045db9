import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isVerifiedShop, ShopLogo, type Shop } from 'frontend-common';
import { CategoryBadges } from './CategoryBadges';
import { VerifiedMark } from './VerifiedMark';

interface ShopCardProps {
  shop: Shop;
  onOpen: (id: string) => void;
  /** "a 3.2 km" once the visitor asked for "near me" (features/nearby). */
  distance?: string;
}

export function ShopCard({ shop, onOpen, distance }: ShopCardProps) {
  const { t } = useTranslation('directory');
  const open = () => onOpen(shop.id);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault(); // Space would scroll the page
      open();
    }
  };
  return (
    // A plain element rather than antd Card: Card pulls in Tabs and more for features unused here.
    <div
      className="atm-dir-card"
      role="button"
      tabIndex={0}
      aria-label={
        distance ? `${t('card.open', { name: shop.name })}, ${distance}` : t('card.open', { name: shop.name })
      }
      onClick={open}
      onKeyDown={onKeyDown}
    >
      <div className="atm-dir-card__head">
        <ShopLogo logo={shop.logo} alt={t('card.logoAlt', { name: shop.name })} size={56} />
        <div className="atm-dir-card__title">
          <h2>{shop.name}</h2>
          <p>
            {shop.city}, {shop.state}
          </p>
          {isVerifiedShop(shop) && <VerifiedMark />}
          {distance && <p className="atm-dir-card__distance">{distance}</p>}
        </div>
      </div>
      <p className="atm-dir-card__description">{shop.description}</p>
      <CategoryBadges categories={shop.categories} />
    </div>
  );
}
