import { Alert, Button, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import { CloudDownloadOutlined, HistoryOutlined, RollbackOutlined } from '@ant-design/icons';
import type { BackupStatsDto, StoredBackupDto } from 'contract/api-types';
import { useListStoredBackupsQuery } from '../../api/adminApi';
import { useAdminTranslation } from '../../i18n';
import { formatLimit } from './restoreFile';

/**
 * The automatic backups: their schedule, a failure of the latest one, and the backups kept in
 * the object store, each to download or to restore (after its preview).
 */
export function StoredBackups({
  stats,
  busy,
  onDownload,
  onRestore,
}: {
  stats: BackupStatsDto | undefined;
  /** A backup or restore is running: no other may start. */
  busy: boolean;
  onDownload: (backup: StoredBackupDto) => void;
  onRestore: (backup: StoredBackupDto) => void;
}) {
  const { t, i18n } = useAdminTranslation();
  const { data: backups, isLoading, isError, refetch } = useListStoredBackupsQuery();
  const dateTime = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', {
    dateStyle: 'long',
    timeStyle: 'short',
  });
  const schedule = stats?.automaticBackups;
  return (
    <Card
      title={
        <Space>
          <HistoryOutlined />
          {t('backup.automatic.title')}
        </Space>
      }
      style={{ marginTop: 16 }}
      data-testid="stored-backups"
    >
      {schedule && (
        <Typography.Paragraph>
          {schedule.schedule
            ? t('backup.automatic.schedule', {
                schedule: schedule.schedule,
                timeZone: schedule.timeZone,
                keep: schedule.keep,
              })
            : t('backup.automatic.off')}
          {schedule.nextRunAt && (
            <> {t('backup.automatic.next', { date: dateTime.format(new Date(schedule.nextRunAt)) })}</>
          )}
        </Typography.Paragraph>
      )}
      {stats?.automaticBackupFailedAt && (
        <Alert
          type="error"
          showIcon
          data-testid="automatic-backup-failed"
          style={{ marginBottom: 16 }}
          title={t('backup.automatic.failed', {
            date: dateTime.format(new Date(stats.automaticBackupFailedAt)),
          })}
        />
      )}
      {isError ? (
        <Alert
          type="error"
          showIcon
          title={t('backup.automatic.loadError')}
          action={<Button onClick={() => refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Table<StoredBackupDto>
          aria-label={t('backup.automatic.tableLabel')}
          rowKey="name"
          size="small"
          loading={isLoading}
          dataSource={backups ?? []}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: <Empty description={t('backup.automatic.empty')} /> }}
          columns={[
            {
              title: t('backup.automatic.columns.date'),
              key: 'date',
              render: (_, backup) => dateTime.format(new Date(backup.createdAt)),
            },
            {
              title: t('backup.automatic.columns.size'),
              key: 'size',
              render: (_, backup) => formatLimit(backup.bytes),
            },
            {
              title: t('backup.automatic.columns.kind'),
              key: 'kind',
              render: (_, backup) =>
                backup.automatic ? (
                  <Tag color="blue">{t('backup.automatic.kind.auto')}</Tag>
                ) : (
                  <Tag>{t('backup.automatic.kind.manual')}</Tag>
                ),
            },
            {
              title: t('backup.automatic.columns.actions'),
              key: 'actions',
              render: (_, backup) => {
                const date = dateTime.format(new Date(backup.createdAt));
                return (
                  <Space wrap>
                    <Button
                      size="small"
                      icon={<CloudDownloadOutlined />}
                      aria-label={t('backup.automatic.downloadLabel', { date })}
                      onClick={() => onDownload(backup)}
                    >
                      {t('backup.automatic.download')}
                    </Button>
                    <Button
                      size="small"
                      icon={<RollbackOutlined />}
                      aria-label={t('backup.automatic.restoreLabel', { date })}
                      disabled={busy}
                      onClick={() => onRestore(backup)}
                    >
                      {t('backup.automatic.restore')}
                    </Button>
                  </Space>
                );
              },
            },
          ]}
        />
      )}
    </Card>
  );
}
