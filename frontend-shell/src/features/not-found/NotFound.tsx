import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isLanguage, listingPath, useDocumentTitle } from 'frontend-common';

export function NotFound() {
  const { t, i18n } = useTranslation('shell');
  // The same title the server gives the 404 page (server/headTags.ts).
  useDocumentTitle(t('head.notFound.title'));
  return (
    <div className="atm-not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.description')}</p>
      <Link to={listingPath(isLanguage(i18n.language) ? i18n.language : 'es')}>{t('notFound.home')}</Link>
    </div>
  );
}
