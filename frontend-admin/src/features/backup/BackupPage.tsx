import { useRef, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
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
  WarningOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import {
  adminApi,
  reportUnauthorized,
  useDownloadBackupMutation,
  useGetBackupStatsQuery,
  useGetMeQuery,
  type BackupKind,
} from '../../api/adminApi';
import type { paths, RestoreResultDto } from 'contract/api-types';
import { sendWithProgress } from '../../api/upload';
import { announceCatalogChange } from 'frontend-common';
import { useAdminPath } from '../../app/basePath';
import { useAppDispatch } from '../../app/hooks';
import { useToast } from '../../app/useToast';
import { DESTRUCTIVE_CONFIRM } from '../../app/destructiveConfirm';
import { useAdminTranslation } from '../../i18n';
import { AdminPage } from '../layout/AdminPage';
import { checkRestoreFile, DEFAULT_RESTORE_MAX_BYTES, formatLimit } from './restoreFile';
import { readBackupManifest } from './zipManifest';

type RestorePhase = 'idle' | 'reading' | 'uploading' | 'restoring';

/** /admin/backup: statistics, the two downloads, best practices and the restore. */
export function BackupPage() {
  const { t, i18n, errorText } = useAdminTranslation();
  const toast = useToast();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const dispatch = useAppDispatch();
  const { data: me } = useGetMeQuery();
  const { data: stats, isLoading, isError, refetch } = useGetBackupStatsQuery(undefined, { skip: !me });
  const [download] = useDownloadBackupMutation();
  const [running, setRunning] = useState<BackupKind | null>(null);
  const [phase, setPhase] = useState<RestorePhase>('idle');
  const [progress, setProgress] = useState(0);
  // Images the last full backup could not include: kept on the page (a toast would vanish).
  const [lastMissing, setLastMissing] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const maxBytes = stats?.restoreMaxBytes ?? DEFAULT_RESTORE_MAX_BYTES;
  const maxText = formatLimit(maxBytes);
  const restoring = phase !== 'idle';
  // Spec section 4: one backup kind at a time, and none during a restore.
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

  const restore = async (file: File) => {
    setPhase('uploading');
    setProgress(0);
    try {
      const body = new FormData();
      body.append('backupFile', file, file.name);
      const answer = await sendWithProgress({
        method: 'POST',
        url: '/api/admin/backup/restore' satisfies keyof paths,
        body,
        onProgress: (p) => {
          setProgress(p);
          if (p >= 100) setPhase('restoring');
        },
      });
      if (answer.status === 401) reportUnauthorized(dispatch);
      if (answer.status >= 200 && answer.status < 300) {
        const result = answer.data as RestoreResultDto;
        toast.success(
          t('backup.restore.success'),
          t('backup.restore.result', {
            created: t('backup.restore.counts.created', { count: result.created }),
            updated: t('backup.restore.counts.updated', { count: result.updated }),
            images: t('backup.restore.counts.images', { count: result.images }),
          }),
        );
        dispatch(adminApi.util.invalidateTags([{ type: 'Shop', id: 'LIST' }, 'Shop', 'Backup']));
        announceCatalogChange();
      } else {
        const fallback = t('backup.restore.failed.fallback');
        const reason = errorText({ data: answer.data }, '');
        toast.error(t('backup.restore.failed.title'), reason ? `${fallback}: ${reason}` : fallback);
      }
    } catch {
      toast.error(t('backup.restore.failed.title'), t('backup.restore.failed.fallback'));
    } finally {
      setPhase('idle');
    }
  };

  const onFileChosen = async (file: File) => {
    const problem = checkRestoreFile(file, maxBytes);
    if (problem === 'type')
      return toast.error(t('backup.restore.invalidType.title'), t('backup.restore.invalidType.description'));
    if (problem === 'size')
      return toast.error(
        t('backup.restore.tooLarge.title'),
        t('backup.restore.tooLarge.description', { max: maxText }),
      );
    setPhase('reading');
    const summary = await readBackupManifest(file);
    setPhase('idle');
    const unknown = t('backup.restore.confirm.unknown');
    modal.confirm({
      title: t('backup.restore.confirm.title'),
      icon: <WarningOutlined />,
      width: 520,
      content: (
        <div data-testid="restore-summary">
          <Descriptions column={1} size="small" bordered style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('backup.restore.confirm.file')}>{file.name}</Descriptions.Item>
            <Descriptions.Item label={t('backup.restore.confirm.size')}>
              {formatLimit(file.size)}
            </Descriptions.Item>
            <Descriptions.Item label={t('backup.restore.confirm.created')}>
              {summary?.createdAt && !Number.isNaN(Date.parse(summary.createdAt))
                ? dateTime.format(new Date(summary.createdAt))
                : unknown}
            </Descriptions.Item>
            <Descriptions.Item label={t('backup.restore.confirm.shops')}>
              {summary?.shops ?? unknown}
            </Descriptions.Item>
            <Descriptions.Item label={t('backup.restore.confirm.images')}>
              {summary?.images ?? unknown}
            </Descriptions.Item>
          </Descriptions>
          {(summary?.missingImages ?? 0) > 0 && (
            <Alert
              type="warning"
              showIcon
              data-testid="restore-missing-images"
              title={t('backup.missingImages.inFile', { count: summary?.missingImages })}
              style={{ marginBottom: 12 }}
            />
          )}
          {!summary && (
            <Alert
              type="warning"
              showIcon
              title={t('backup.restore.confirm.unreadable')}
              style={{ marginBottom: 12 }}
            />
          )}
          <RestoreWarnings />
        </div>
      ),
      okText: t('backup.restore.confirm.ok'),
      cancelText: t('backup.restore.confirm.cancel'),
      ...DESTRUCTIVE_CONFIRM,
      onOk: () => {
        void restore(file);
      },
    });
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
        {phase === 'reading' && (
          <Typography.Paragraph style={{ marginTop: 12 }}>{t('backup.restore.reading')}</Typography.Paragraph>
        )}
        {(phase === 'uploading' || phase === 'restoring') && (
          <div style={{ marginTop: 12 }} role="status">
            <Typography.Text>
              {phase === 'uploading' ? t('backup.restore.uploading') : t('backup.restore.restoring')}
            </Typography.Text>
            <Progress
              percent={progress}
              status={phase === 'restoring' ? 'active' : undefined}
              aria-label={t('backup.restore.uploading')}
            />
          </div>
        )}
      </Card>
    </AdminPage>
  );
}

function RestoreWarnings() {
  const { t } = useAdminTranslation();
  return (
    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
      <li>{t('backup.restore.duplicates')}</li>
      <li>{t('backup.restore.images')}</li>
      <li>{t('backup.restore.refresh')}</li>
    </ul>
  );
}
