import type { KeyboardEvent } from 'react';
import { isVerifiedShop, ShopLogo, type Shop } from 'frontend-common';
import { CategoryBadges } from './CategoryBadges';
import { VerifiedMark } from './VerifiedMark';

export function ShopCard({ shop, onOpen }: { shop: Shop; onOpen: (id: string) => void }) {
  const open = () => onOpen(shop.id);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault(); // Space would scroll the page
      open();
    }
  };
  return (
    // Named by its own text (no aria-label): a voice-control user says what they see (WCAG 2.5.3).
    // A plain element rather than antd Card: Card pulls in Tabs and more for features unused here.
    <div className="atm-dir-card" role="button" tabIndex={0} onClick={open} onKeyDown={onKeyDown}>
      <div className="atm-dir-card__head">
        {/* Decorative here: the name beside it says whose it is, and the card's name stays its text. */}
        <ShopLogo logo={shop.logo} alt="" size={56} />
        <div className="atm-dir-card__title">
          <h2>{shop.name}</h2>
          <p>
            {shop.city}, {shop.state}
          </p>
          {isVerifiedShop(shop) && <VerifiedMark />}
        </div>
      </div>
      <p className="atm-dir-card__description">{shop.description}</p>
      <CategoryBadges categories={shop.categories} />
    </div>
  );
}
