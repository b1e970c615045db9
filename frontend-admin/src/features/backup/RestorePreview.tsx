import { Alert, Descriptions } from 'antd';
import type { RestorePreviewDto } from 'contract/api-types';
import { useAdminTranslation } from '../../i18n';

/** The server's answer to a dry run: what the restore would do, and any problem it found. */
export function RestorePreview({
  preview,
  source,
  size,
}: {
  preview: RestorePreviewDto;
  /** The file's name, or the stored backup's. */
  source: string;
  /** Its size, already written for people ('12.4MB'). */
  size: string;
}) {
  const { t, i18n } = useAdminTranslation();
  const dateTime = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', {
    dateStyle: 'long',
    timeStyle: 'short',
  });
  const unknown = t('backup.restore.confirm.unknown');
  const item = (label: string, value: string | number, testId?: string) => (
    <Descriptions.Item label={label}>
      <span data-testid={testId}>{value}</span>
    </Descriptions.Item>
  );
  return (
    <div data-testid="restore-summary">
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 12 }}>
        {item(t('backup.restore.preview.source'), source)}
        {item(t('backup.restore.confirm.size'), size)}
        {item(
          t('backup.restore.confirm.created'),
          preview.createdAt ? dateTime.format(new Date(preview.createdAt)) : unknown,
        )}
        {item(t('backup.restore.preview.formatVersion'), preview.formatVersion ?? unknown)}
        {preview.restorable && (
          <>
            {item(t('backup.restore.preview.shops'), preview.shops, 'preview-shops')}
            {item(t('backup.restore.preview.created'), preview.created, 'preview-created')}
            {item(t('backup.restore.preview.replaced'), preview.replaced, 'preview-replaced')}
            {item(t('backup.restore.preview.unchanged'), preview.unchanged, 'preview-unchanged')}
            {item(t('backup.restore.preview.images'), preview.images, 'preview-images')}
          </>
        )}
      </Descriptions>
      {preview.problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="restore-problems"
          title={t('backup.restore.preview.problems')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {preview.problems.map((problem) => (
                <li key={problem.message}>
                  {t(`errors.${problem.code}`, { defaultValue: '' })} {problem.message}
                </li>
              ))}
            </ul>
          }
          style={{ marginBottom: 12 }}
        />
      )}
      {preview.missingImages > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="restore-missing-images"
          title={t('backup.missingImages.inFile', { count: preview.missingImages })}
          style={{ marginBottom: 12 }}
        />
      )}
      {preview.restorable && (
        <Alert type="info" showIcon title={t('backup.restore.preview.nothingChanged')} />
      )}
    </div>
  );
}
