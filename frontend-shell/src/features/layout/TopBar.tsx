import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isLanguage, listingPath } from 'frontend-common';
import { LanguageSelector } from './LanguageSelector';

const icon = { width: 20, height: 20, 'aria-hidden': true, focusable: false } as const;

export function TopBar({
  menuOpen,
  onOpenMenu,
  onMenuIntent,
}: {
  menuOpen: boolean;
  onOpenMenu: () => void;
  /** The pointer or focus reached the menu button: a press is likely, start loading the menu. */
  onMenuIntent?: () => void;
}) {
  const { t, i18n } = useTranslation('shell');
  const home = listingPath(isLanguage(i18n.language) ? i18n.language : 'es');
  return (
    <header className="atm-topbar">
      <button
        type="button"
        className="atm-topbar__icon-button"
        aria-label={t('topbar.menu')}
        aria-expanded={menuOpen}
        aria-haspopup="dialog"
        onClick={onOpenMenu}
        onPointerEnter={onMenuIntent}
        onFocus={onMenuIntent}
      >
        <svg viewBox="0 0 24 24" {...icon}>
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <Link to={home} className="atm-topbar__brand" aria-label={t('topbar.home')}>
        ATM
      </Link>
      <nav className="atm-topbar__actions">
        <a href="#contact" className="atm-topbar__link">
          <svg viewBox="0 0 24 24" {...icon} className="atm-topbar__narrow-only">
            <rect
              x="3"
              y="5"
              width="18"
              height="14"
              rx="2"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <path d="M3 7l9 6 9-6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          <span className="atm-topbar__wide-text">{t('topbar.contact')}</span>
        </a>
        <LanguageSelector />
        <Link to="/admin/login" className="atm-topbar__link">
          <svg viewBox="0 0 24 24" {...icon}>
            <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          <span className="atm-topbar__wide-text">{t('topbar.login')}</span>
        </Link>
      </nav>
    </header>
  );
}
