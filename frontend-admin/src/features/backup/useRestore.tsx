import { useState } from 'react';
import { App } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import {
  adminApi,
  reportUnauthorized,
  usePreviewStoredBackupRestoreMutation,
  useRestoreStoredBackupMutation,
} from '../../api/adminApi';
import type { paths, RestorePreviewDto, RestoreResultDto, StoredBackupDto } from 'contract/api-types';
import { needsReauthentication, requestReauthentication } from '../../api/reauthentication';
import { sendWithProgress } from '../../api/upload';
import { announceCatalogChange } from 'frontend-common';
import { useAppDispatch } from '../../app/hooks';
import { useToast } from '../../app/useToast';
import { DESTRUCTIVE_CONFIRM } from '../../app/destructiveConfirm';
import { useAdminTranslation } from '../../i18n';
import { checkRestoreFile, formatLimit } from './restoreFile';
import { RestorePreview } from './RestorePreview';
import { RestoreWarnings } from './RestoreWarnings';

/** uploading: the file goes up (for its dry run, then for the restore); checking: the dry run. */
type RestorePhase = 'idle' | 'uploading' | 'checking' | 'restoring';

/**
 * The restore of the backup page: a chosen file is uploaded for a dry run, its preview shown
 * for the admin to confirm, then uploaded again for the restore itself; a stored backup is
 * previewed and restored by name. `busy` says whether a backup is being made (no restore then).
 */
export function useRestore(maxBytes: number, busy: () => boolean) {
  const { t, errorText } = useAdminTranslation();
  const toast = useToast();
  const { modal } = App.useApp();
  const dispatch = useAppDispatch();
  const [previewStoredBackupRestore] = usePreviewStoredBackupRestoreMutation();
  const [restoreStoredBackup] = useRestoreStoredBackupMutation();
  const [phase, setPhase] = useState<RestorePhase>('idle');
  const [progress, setProgress] = useState(0);
  const restoring = phase !== 'idle';
  const maxText = formatLimit(maxBytes);

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

  /**
   * Uploads the file for a preview (`dryRun`, its own route: no password needed to look) or the
   * restore itself, with progress.
   */
  const upload = async (file: File, dryRun: boolean) => {
    const url = dryRun
      ? ('/api/admin/backup/restore/preview' satisfies keyof paths)
      : ('/api/admin/backup/restore' satisfies keyof paths);
    const send = () => {
      const body = new FormData();
      body.append('backupFile', file, file.name);
      return sendWithProgress({
        method: 'POST',
        url,
        body,
        onProgress: (p) => {
          setProgress(p);
          if (p >= 100) setPhase(dryRun ? 'checking' : 'restoring');
        },
      });
    };
    let answer = await send();
    // Without a recent password the server asks for it first; then the file goes up again.
    if (answer.status === 403 && needsReauthentication(answer.data) && (await requestReauthentication())) {
      setPhase('uploading');
      answer = await send();
    }
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
    if (busy() || restoring) return;
    setPhase('checking');
    setProgress(100); // nothing to upload: the server reads the stored file
    try {
      const preview = await previewStoredBackupRestore(backup.name).unwrap();
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

  return { phase, progress, restoring, onFileChosen, restoreStored };
}
