import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  isVerifiedShop,
  languageOfPath,
  shopDialogState,
  shopPath,
  ShopLogo,
  type Shop,
} from 'frontend-common';
import { CARD_MARKS } from '../shop-fields/shopFieldViews';
import { CategoryBadges } from './CategoryBadges';
import { FROM_LISTING, rememberOpenedShop } from './returnToCard';
import { VerifiedMark } from './VerifiedMark';

/**
 * A shop's card: a link to its page. The link is the name (its accessible name is exactly the
 * visible name, WCAG 2.5.3) and covers the whole card (listing.css), so the card is one tab stop
 * and one click target, and without JavaScript it is a plain link the server rendered. Once the
 * page is live, a plain click (or Enter) opens the shop's detail dialog over the listing with the
 * shop's page in the address bar (ShopDialog); a click that asks for a new tab or window still
 * opens the page there.
 */
export function ShopCard({
  shop,
  distance,
}: {
  shop: Shop;
  /** "a 3.2 km" after "near me" (features/nearby). */ distance?: string;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const language = languageOfPath(location.pathname);
  const to = shopPath(language, shop.slug);
  return (
    // Named by its own text (no aria-label): a voice-control user says what they see (WCAG 2.5.3).
    // A plain element rather than antd Card: Card pulls in Tabs and more for features unused here.
    <article className="atm-dir-card">
      <div className="atm-dir-card__head">
        {/* Decorative here: the name beside it says whose it is, and the card's name stays its text. */}
        <ShopLogo logo={shop.logo} alt="" size={56} />
        <div className="atm-dir-card__title">
          <h2>
            <Link
              className="atm-dir-card__link"
              to={to}
              state={FROM_LISTING}
              data-shop-slug={shop.slug}
              onClick={(event) => {
                rememberOpenedShop(shop.slug);
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                  return;
                event.preventDefault();
                navigate(to, { state: shopDialogState(location) });
              }}
            >
              {shop.name}
            </Link>
          </h2>
          <p>
            {shop.city}, {shop.state}
          </p>
          {isVerifiedShop(shop) && <VerifiedMark />}
          {CARD_MARKS.map((Mark, index) => (
            <Mark key={index} shop={shop} />
          ))}
          {distance && <p className="atm-dir-card__distance">{distance}</p>}
        </div>
      </div>
      <p className="atm-dir-card__description">{shop.description}</p>
      <CategoryBadges categories={shop.categories} />
    </article>
  );
}
