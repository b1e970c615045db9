import { useAdminTranslation } from '../../i18n';

/** What a restore does that the admin must know before confirming one. */
export function RestoreWarnings() {
  const { t } = useAdminTranslation();
  return (
    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
      <li>{t('backup.restore.duplicates')}</li>
      <li>{t('backup.restore.images')}</li>
      <li>{t('backup.restore.refresh')}</li>
    </ul>
  );
}
