import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from 'frontend-common';

export function NotFound() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('notFound.pageTitle'));
  return (
    <div className="atm-not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.description')}</p>
      <Link to="/">{t('notFound.home')}</Link>
    </div>
  );
}
