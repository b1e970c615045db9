import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isLanguage, listingPath } from 'frontend-common';

export function NotFound() {
  const { t, i18n } = useTranslation('shell');
  return (
    <main className="atm-not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.description')}</p>
      <Link to={listingPath(isLanguage(i18n.language) ? i18n.language : 'es')}>{t('notFound.home')}</Link>
    </main>
  );
}
