import { useDocumentTitle } from 'frontend-common';
import { useAdminTranslation } from '.';

/** The admin page's document title: "<page> | ATM Armeros", in the admin's language. */
export function useAdminDocumentTitle(page: string): void {
  const { t } = useAdminTranslation();
  useDocumentTitle(t('documentTitle', { page }));
}
