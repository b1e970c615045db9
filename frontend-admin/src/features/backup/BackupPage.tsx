import { useRef, useState } from 'react';
import {
  Alert,
  App,
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
  WarningOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import {
  adminApi,
  reportUnauthorized,
  useDownloadBackupMutation,
  useDownloadStoredBackupMutation,
  useGetBackupStatsQuery,
  useRestoreStoredBackupMutation,
  useGetMeQuery,
  type BackupKind,
} from '../../api/adminApi';
import type { paths, RestorePreviewDto, RestoreResultDto, StoredBackupDto } from 'contract/api-types';
import { sendWithProgress } from '../../api/upload';
import { announceCatalogChange } from 'frontend-common';
import { useAdminPath } from '../../app/basePath';
import { useAppDispatch } from '../../app/hooks';
import { useToast } from '../../app/useToast';
import { DESTRUCTIVE_CONFIRM } from '../../app/destructiveConfirm';
import { useAdminTranslation } from '../../i18n';
import { AdminPage } from '../layout/AdminPage';
import { checkRestoreFile, DEFAULT_RESTORE_MAX_BYTES, formatLimit } from './restoreFile';
import { RestorePreview } from './RestorePreview';
import { StoredBackups } from './StoredBackups';

/** uploading: the file goes up (for its dry run, then for the restore); checking: the dry run. */
type RestorePhase = 'idle' | 'uploading' | 'checking' | 'restoring';

/**
 * /admin/backup: statistics, the two downloads, best practices, the restore (after its
 * preview) and the stored automatic backups.
 */
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
  const [restoreStoredBackup] = useRestoreStoredBackupMutation();
  const [downloadStoredBackup] = useDownloadStoredBackupMutation();
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

  /** The restore's counts, written in the admin's language with plural forms. */
  const restoredCounts = (result: RestoreResultDto) =>
    t('backup.restore.result', {
      created: t('backup.restore.counts.created', { count: result.created }),
      updated: t('backup.restore.counts.updated', { count: result.updated }),
      unchanged: t('backup.restore.counts.unchanged', { count: result.unchanged ?? 0 }),
      images: t('backup.restore.counts.images', { count: result.images }),
    });

  const restoreFailed = (data: unknown) => {
    const fallback = t('backup.restore.failed.fallback');
    const reason = errorText({ data }, '');
    toast.error(t('backup.restore.failed.title'), reason ? `${fallback}: ${reason}` : fallback);
  };

  const restored = (result: RestoreResultDto) => {
    toast.success(t('backup.restore.success'), restoredCounts(result));
    dispatch(adminApi.util.invalidateTags([{ type: 'Shop', id: 'LIST' }, 'Shop', 'Backup', 'Activity']));
    announceCatalogChange();
  };

  /** Uploads the file for a dry run (`dryRun`) or the restore itself, with progress. */
  const upload = async (file: File, dryRun: boolean) => {
    const body = new FormData();
    body.append('backupFile', file, file.name);
    const path = '/api/admin/backup/restore' satisfies keyof paths;
    const answer = await sendWithProgress({
      method: 'POST',
      url: dryRun ? `${path}?dryRun=true` : path,
      body,
      onProgress: (p) => {
        setProgress(p);
        if (p >= 100) setPhase(dryRun ? 'checking' : 'restoring');
      },
    });
    if (answer.status === 401) reportUnauthorized(dispatch);
    return answer;
  };

  const restore = async (file: File) => {
    setPhase('uploading');
    setProgress(0);
    try {
      const answer = await upload(file, false);
      if (answer.status >= 200 && answer.status < 300) restored(answer.data as RestoreResultDto);
      else restoreFailed(answer.data);
    } catch {
      toast.error(t('backup.restore.failed.title'), t('backup.restore.failed.fallback'));
    } finally {
      setPhase('idle');
    }
  };

  /**
   * Shows what the restore would do; the admin confirms to run it. The dialog starts on Cancel
   * (the safe choice); a backup that cannot be restored offers only Close.
   */
  const confirmRestore = (preview: RestorePreviewDto, source: string, size: string, run: () => void) => {
    const content = <RestorePreview preview={preview} source={source} size={size} />;
    if (!preview.restorable) {
      modal.error({
        title: t('backup.restore.preview.refusedTitle'),
        width: 560,
        content,
        okText: t('backup.restore.preview.close'),
      });
      return;
    }
    modal.confirm({
      title: t('backup.restore.preview.title'),
      icon: <WarningOutlined />,
      width: 560,
      content: (
        <>
          {content}
          <div style={{ marginTop: 12 }}>
            <RestoreWarnings />
          </div>
        </>
      ),
      okText: t('backup.restore.confirm.ok'),
      cancelText: t('backup.restore.confirm.cancel'),
      ...DESTRUCTIVE_CONFIRM,
      onOk: run,
    });
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
    setPhase('uploading');
    setProgress(0);
    try {
      const answer = await upload(file, true);
      if (answer.status < 200 || answer.status >= 300) return restoreFailed(answer.data);
      confirmRestore(answer.data as RestorePreviewDto, file.name, formatLimit(file.size), () => {
        void restore(file);
      });
    } catch {
      toast.error(t('backup.restore.failed.title'), t('backup.restore.failed.fallback'));
    } finally {
      setPhase('idle');
    }
  };

  const restoreStored = async (backup: StoredBackupDto) => {
    if (backupsLocked) return;
    setPhase('checking');
    setProgress(100); // nothing to upload: the server reads the stored file
    try {
      const preview = (await restoreStoredBackup({
        name: backup.name,
        dryRun: 'true',
      }).unwrap()) as RestorePreviewDto;
      confirmRestore(preview, backup.name, formatLimit(backup.bytes), () => {
        setPhase('restoring');
        restoreStoredBackup({ name: backup.name })
          .unwrap()
          .then((result) => restored(result as RestoreResultDto))
          .catch((failure: { data?: unknown }) => restoreFailed(failure?.data))
          .finally(() => setPhase('idle'));
      });
    } catch (failure) {
      restoreFailed((failure as { data?: unknown })?.data);
    } finally {
      setPhase((current) => (current === 'checking' ? 'idle' : current));
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
