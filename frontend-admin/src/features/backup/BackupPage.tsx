import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Progress,
  Row,
  Skeleton,
  Space,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import {
  CloudDownloadOutlined,
  FileZipOutlined,
  InfoCircleOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import {
  useDownloadBackupMutation,
  useDownloadStoredBackupMutation,
  useGetBackupStatsQuery,
  useGetMeQuery,
  type BackupKind,
} from '../../api/adminApi';
import type { StoredBackupDto } from 'contract/api-types';
import { useAdminPath } from '../../app/basePath';
import { useToast } from '../../app/useToast';
import { useAdminTranslation } from '../../i18n';
import { AdminPage } from '../layout/AdminPage';
import { DEFAULT_RESTORE_MAX_BYTES, formatLimit } from './restoreFile';
import { StoredBackups } from './StoredBackups';
import { RestoreWarnings } from './RestoreWarnings';
import { useRestore } from './useRestore';

/**
 * /admin/backup: statistics, the two downloads, best practices, the restore (after its
 * preview) and the stored automatic backups.
 */
export function BackupPage() {
  const { t, i18n, errorText } = useAdminTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const { data: me } = useGetMeQuery();
  const { data: stats, isLoading, isError, refetch } = useGetBackupStatsQuery(undefined, { skip: !me });
  const [download] = useDownloadBackupMutation();
  const [downloadStoredBackup] = useDownloadStoredBackupMutation();
  const [running, setRunning] = useState<BackupKind | null>(null);
  // Images the last full backup could not include: kept on the page (a toast would vanish).
  const [lastMissing, setLastMissing] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const maxBytes = stats?.restoreMaxBytes ?? DEFAULT_RESTORE_MAX_BYTES;
  const maxText = formatLimit(maxBytes);
  const { phase, progress, restoring, onFileChosen, restoreStored } = useRestore(
    maxBytes,
    () => running !== null,
  );
  // One backup kind at a time, and none during a restore.
  const backupsLocked = running !== null || restoring;
  const locale = i18n.language === 'en' ? 'en-US' : 'es-MX';
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' });

  const runBackup = async (kind: BackupKind) => {
    if (backupsLocked) return;
    setRunning(kind);
    try {
      const { fileName, missingImages = 0 } = await download(kind).unwrap();
      if (kind === 'full') setLastMissing(missingImages);
      toast.success(
        kind === 'full' ? t('backup.full.created') : t('backup.data.created'),
        t('backup.savedAs', { fileName }),
      );
    } catch (failure) {
      const fallback = kind === 'full' ? t('backup.full.failed') : t('backup.data.failed');
      const reason = errorText(failure, '');
      toast.error(t('backup.failedTitle'), reason ? `${fallback}: ${reason}` : fallback);
    } finally {
      setRunning(null);
    }
  };

  const downloadStored = async (backup: StoredBackupDto) => {
    try {
      const { fileName } = await downloadStoredBackup(backup.name).unwrap();
      toast.success(t('backup.full.created'), t('backup.savedAs', { fileName }));
    } catch (failure) {
      const fallback = t('backup.full.failed');
      const reason = errorText(failure, '');
      toast.error(t('backup.failedTitle'), reason ? `${fallback}: ${reason}` : fallback);
    }
  };

  return (
    <AdminPage title={t('backup.title')} subtitle={t('backup.subtitle')} onBack={() => navigate(adminPath())}>
      {isLoading ? (
        <Skeleton active />
      ) : isError ? (
        <Alert
          type="error"
          showIcon
          title={t('backup.loadError')}
          action={<Button onClick={() => refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        stats && (
          <>
            <Row gutter={[16, 16]}>
              <Col xs={12} md={6}>
                <Card>
                  <Statistic title={t('backup.stats.totalShops')} value={stats.totalShops} />
                </Card>
              </Col>
              <Col xs={12} md={6}>
                <Card>
                  <Statistic title={t('backup.stats.logos')} value={stats.imagesWithLogos} />
                </Card>
              </Col>
              <Col xs={12} md={6}>
                <Card>
                  <Statistic title={t('backup.stats.maps')} value={stats.imagesWithMaps} />
                </Card>
              </Col>
              <Col xs={12} md={6}>
                <Card>
                  <Statistic title={t('backup.stats.size')} value={stats.estimatedSize} />
                </Card>
              </Col>
            </Row>
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {stats.lastFullBackupAt
                ? t('backup.lastFull', { date: dateTime.format(new Date(stats.lastFullBackupAt)) })
                : t('backup.lastFullNever')}
            </Typography.Paragraph>
            {stats.estimatedBytes > stats.restoreMaxBytes && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                title={t('backup.tooBig', {
                  size: stats.estimatedSize,
                  max: formatLimit(stats.restoreMaxBytes),
                })}
              />
            )}
          </>
        )
      )}

      <Row gutter={[16, 16]} style={{ marginTop: 8 }}>
        <Col xs={24} md={12}>
          <Card
            data-testid="full-backup-card"
            className="atm-admin__wrapping-card"
            title={
              <Space wrap size={[8, 4]}>
                <FileZipOutlined />
                {t('backup.full.title')}
                <Tag color="success" data-testid="recommended-badge">
                  {t('backup.full.recommended')}
                </Tag>
              </Space>
            }
            style={{ height: '100%' }}
          >
            <Typography.Paragraph>{t('backup.full.description')}</Typography.Paragraph>
            <Button
              type="primary"
              icon={<CloudDownloadOutlined />}
              onClick={() => runBackup('full')}
              loading={running === 'full'}
              disabled={backupsLocked && running !== 'full'}
            >
              {running === 'full' ? t('backup.full.creating') : t('backup.full.button')}
            </Button>
            {lastMissing > 0 && (
              <Alert
                type="warning"
                showIcon
                data-testid="backup-missing-images"
                style={{ marginTop: 12 }}
                title={t('backup.missingImages.title', { count: lastMissing })}
                description={t('backup.missingImages.description', { count: lastMissing })}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={t('backup.data.title')} style={{ height: '100%' }}>
            <Typography.Paragraph>{t('backup.data.description')}</Typography.Paragraph>
            <Button
              icon={<CloudDownloadOutlined />}
              onClick={() => runBackup('data')}
              loading={running === 'data'}
              disabled={backupsLocked && running !== 'data'}
            >
              {running === 'data' ? t('backup.data.creating') : t('backup.data.button')}
            </Button>
          </Card>
        </Col>
      </Row>

      <Alert
        type="info"
        icon={<InfoCircleOutlined />}
        showIcon
        style={{ marginTop: 16 }}
        title={t('backup.bestPractices.title')}
        description={t('backup.bestPractices.body')}
      />

      <Card title={t('backup.restore.title')} style={{ marginTop: 16 }}>
        <Typography.Paragraph>{t('backup.restore.description')}</Typography.Paragraph>
        <Alert
          type="warning"
          showIcon
          title={t('backup.restore.warningTitle')}
          description={<RestoreWarnings />}
          style={{ marginBottom: 16 }}
        />
        <input
          ref={fileInput}
          type="file"
          accept=".zip,application/zip"
          aria-label={t('backup.restore.choose')}
          style={{ display: 'none' }}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void onFileChosen(file);
          }}
        />
        <Flex gap={12} align="center" wrap>
          <Button
            icon={<UploadOutlined />}
            onClick={() => fileInput.current?.click()}
            disabled={restoring || running !== null}
            loading={restoring}
          >
            {t('backup.restore.choose')}
          </Button>
          <Typography.Text type="secondary">{t('backup.restore.hint', { max: maxText })}</Typography.Text>
        </Flex>
        {restoring && (
          <div style={{ marginTop: 12 }} role="status">
            <Typography.Text>
              {phase === 'uploading'
                ? t('backup.restore.uploading')
                : phase === 'checking'
                  ? t('backup.restore.checking')
                  : t('backup.restore.restoring')}
            </Typography.Text>
            <Progress
              percent={progress}
              status={phase === 'uploading' ? undefined : 'active'}
              aria-label={t('backup.restore.uploading')}
            />
          </div>
        )}
      </Card>

      <StoredBackups
        stats={stats}
        busy={backupsLocked}
        onDownload={(backup) => void downloadStored(backup)}
        onRestore={(backup) => void restoreStored(backup)}
      />
    </AdminPage>
  );
}
