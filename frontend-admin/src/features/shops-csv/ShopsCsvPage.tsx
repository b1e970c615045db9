import { useId, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Flex,
  Progress,
  Radio,
  Space,
  Statistic,
  Steps,
  Table,
  Tag,
  Typography,
} from 'antd';
import { CloudDownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { CSV_IMPORT_MAX_BYTES } from 'contract';
import type { ImportRowDto, ImportShopsResultDto, paths } from 'contract/api-types';
import { announceCatalogChange, useNamedPagerItems } from 'frontend-common';
import { adminApi, reportUnauthorized, useDownloadShopsCsvMutation } from '../../api/adminApi';
import { sendWithProgress } from '../../api/upload';
import { useAdminPath } from '../../app/basePath';
import { useAppDispatch } from '../../app/hooks';
import { useToast } from '../../app/useToast';
import { fieldErrorText, useAdminTranslation } from '../../i18n';
import { AdminPage } from '../layout/AdminPage';

type Delimiter = 'comma' | 'semicolon';
type Phase = 'choose' | 'previewing' | 'preview' | 'importing' | 'done';

// antd's preset status colours: 'success' and 'error' reach 4.5:1 with the house theme; its
// palette 'green' (3.37:1) and 'red' do not (WCAG 1.4.3, found by axe).
const STATUS_COLORS: Record<ImportRowDto['status'], string> = {
  created: 'success',
  updated: 'processing',
  unchanged: 'default',
  refused: 'error',
};

const MAX_MB = `${CSV_IMPORT_MAX_BYTES / (1024 * 1024)} MB`;

/**
 * /admin/shops/import: the directory as a spreadsheet. Export every shop as CSV; import a CSV
 * in three steps: choose the file, see what each row would do (a dry run on the server),
 * confirm.
 */
export function ShopsCsvPage() {
  const { t, errorText } = useAdminTranslation();
  const pagerItems = useNamedPagerItems();
  const toast = useToast();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const dispatch = useAppDispatch();
  const [download, { isLoading: exporting }] = useDownloadShopsCsvMutation();
  const [delimiter, setDelimiter] = useState<Delimiter>('comma');
  const [phase, setPhase] = useState<Phase>('choose');
  const [progress, setProgress] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [allOrNothing, setAllOrNothing] = useState(false);
  const [preview, setPreview] = useState<ImportShopsResultDto | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const delimiterLabel = useId();

  const exportCsv = async () => {
    try {
      const { fileName } = await download(delimiter).unwrap();
      toast.success(t('shopsCsv.export.done'), t('backup.savedAs', { fileName }));
    } catch (failure) {
      toast.error(t('shopsCsv.export.failed'), errorText(failure, t('shopsCsv.export.failed')));
    }
  };

  /** Sends the file; `dryRun` for the preview. Answers the result, or null after showing why not. */
  const send = async (chosen: File, dryRun: boolean): Promise<ImportShopsResultDto | null> => {
    setProgress(0);
    const body = new FormData();
    body.append('file', chosen, chosen.name);
    const query = new URLSearchParams({ dryRun: String(dryRun), allOrNothing: String(allOrNothing) });
    try {
      const answer = await sendWithProgress({
        method: 'POST',
        url: `${'/api/admin/shops/import' satisfies keyof paths}?${query}`,
        body,
        onProgress: setProgress,
      });
      if (answer.status === 401) reportUnauthorized(dispatch);
      if (answer.status >= 200 && answer.status < 300) return answer.data as ImportShopsResultDto;
      setProblem(errorText({ data: answer.data }, t('shopsCsv.import.failed')));
    } catch {
      setProblem(t('shopsCsv.import.failed'));
    }
    return null;
  };

  const onFileChosen = async (chosen: File) => {
    setProblem(null);
    setPreview(null);
    if (chosen.size > CSV_IMPORT_MAX_BYTES) {
      setFile(null);
      setProblem(t('errors.CSV_FILE_TOO_LARGE', { max: MAX_MB }));
      return;
    }
    setFile(chosen);
    setPhase('previewing');
    const result = await send(chosen, true);
    setPreview(result);
    setPhase(result ? 'preview' : 'choose');
  };

  const confirmImport = async () => {
    if (!file) return;
    setPhase('importing');
    const result = await send(file, false);
    if (!result) return setPhase('preview');
    setPreview(result);
    setPhase('done');
    if (result.applied) {
      toast.success(t('shopsCsv.import.done'), countsText(result));
      dispatch(adminApi.util.invalidateTags([{ type: 'Shop', id: 'LIST' }, 'Shop', 'Backup', 'Activity']));
      announceCatalogChange();
    } else {
      toast.error(t('shopsCsv.import.notApplied'), t('shopsCsv.import.notAppliedDescription'));
    }
  };

  const startOver = () => {
    setPhase('choose');
    setFile(null);
    setPreview(null);
    setProblem(null);
  };

  const countsText = (result: ImportShopsResultDto) =>
    (['created', 'updated', 'unchanged', 'refused'] as const)
      .map((status) => t(`shopsCsv.counts.${status}`, { count: result.counts[status] }))
      .join(' · ');

  const columns = useMemo(
    () => [
      { title: t('shopsCsv.table.row'), dataIndex: 'row', key: 'row', width: 80 },
      {
        title: t('shopsCsv.table.status'),
        dataIndex: 'status',
        key: 'status',
        width: 140,
        render: (status: ImportRowDto['status']) => (
          <Tag color={STATUS_COLORS[status]}>{t(`shopsCsv.status.${status}`)}</Tag>
        ),
      },
      { title: t('shopsCsv.table.name'), dataIndex: 'name', key: 'name' },
      { title: t('shopsCsv.table.city'), dataIndex: 'city', key: 'city' },
      {
        title: t('shopsCsv.table.details'),
        key: 'details',
        render: (_: unknown, row: ImportRowDto) =>
          row.status === 'refused' ? (
            <ul className="atm-admin__import-errors">
              {row.errors.map((entry, i) => (
                <li key={`${entry.field}-${i}`}>
                  {fieldErrorText(t, entry, entry.field === 'row' ? t('shopsCsv.table.theRow') : entry.field)}
                </li>
              ))}
            </ul>
          ) : row.status === 'updated' ? (
            t('shopsCsv.table.changes', { fields: row.changes.join(', ') })
          ) : row.status === 'created' ? (
            t('shopsCsv.table.new')
          ) : (
            t('shopsCsv.table.same')
          ),
      },
    ],
    [t],
  );

  const refused = preview?.counts.refused ?? 0;
  const writes = (preview?.counts.created ?? 0) + (preview?.counts.updated ?? 0);
  const busy = phase === 'previewing' || phase === 'importing';
  const step = phase === 'choose' || phase === 'previewing' ? 0 : phase === 'done' ? 2 : 1;

  return (
    <AdminPage
      title={t('shopsCsv.title')}
      subtitle={t('shopsCsv.subtitle')}
      onBack={() => navigate(adminPath())}
    >
      <Card title={<h2 className="atm-admin__card-title">{t('shopsCsv.export.title')}</h2>}>
        <Typography.Paragraph>{t('shopsCsv.export.description')}</Typography.Paragraph>
        <Flex gap={12} align="center" wrap>
          <span id={delimiterLabel}>{t('shopsCsv.export.delimiter')}</span>
          <Radio.Group
            aria-labelledby={delimiterLabel}
            value={delimiter}
            onChange={(e) => setDelimiter(e.target.value as Delimiter)}
            options={[
              { value: 'comma', label: t('shopsCsv.export.comma') },
              { value: 'semicolon', label: t('shopsCsv.export.semicolon') },
            ]}
          />
          <Button type="primary" icon={<CloudDownloadOutlined />} onClick={exportCsv} loading={exporting}>
            {t('shopsCsv.export.button')}
          </Button>
        </Flex>
      </Card>

      <Card
        style={{ marginTop: 16 }}
        title={<h2 className="atm-admin__card-title">{t('shopsCsv.import.title')}</h2>}
      >
        <Steps
          size="small"
          current={step}
          style={{ marginBottom: 16 }}
          items={[
            { title: t('shopsCsv.steps.choose') },
            { title: t('shopsCsv.steps.preview') },
            { title: t('shopsCsv.steps.confirm') },
          ]}
        />
        <Typography.Paragraph>{t('shopsCsv.import.description')}</Typography.Paragraph>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          aria-label={t('shopsCsv.import.choose')}
          style={{ display: 'none' }}
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            e.target.value = '';
            if (chosen) void onFileChosen(chosen);
          }}
        />
        <Flex gap={12} align="center" wrap>
          <Button
            icon={<UploadOutlined />}
            onClick={() => fileInput.current?.click()}
            disabled={busy}
            loading={phase === 'previewing'}
          >
            {t('shopsCsv.import.choose')}
          </Button>
          <Typography.Text type="secondary">{t('shopsCsv.import.hint', { max: MAX_MB })}</Typography.Text>
        </Flex>
        {busy && (
          <div style={{ marginTop: 12 }} role="status">
            <Typography.Text>
              {phase === 'previewing' ? t('shopsCsv.import.checking') : t('shopsCsv.import.importing')}
            </Typography.Text>
            <Progress percent={progress} aria-label={t('shopsCsv.import.checking')} />
          </div>
        )}
        {problem && (
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginTop: 12 }}
            title={t('shopsCsv.import.failed')}
            description={problem}
          />
        )}

        {preview && (
          <section aria-labelledby="csv-preview-title" style={{ marginTop: 16 }}>
            <Typography.Title level={3} id="csv-preview-title" style={{ fontSize: 18 }}>
              {phase === 'done' && preview.applied
                ? t('shopsCsv.result.title', { file: file?.name ?? '' })
                : t('shopsCsv.preview.title', { file: file?.name ?? '' })}
            </Typography.Title>
            <Flex gap={24} wrap style={{ marginBottom: 12 }} data-testid="csv-counts">
              {(['created', 'updated', 'unchanged', 'refused'] as const).map((status) => (
                <Statistic
                  key={status}
                  title={t(`shopsCsv.status.${status}`)}
                  value={preview.counts[status]}
                />
              ))}
            </Flex>
            {phase !== 'done' && refused > 0 && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                title={t('shopsCsv.preview.refused', { count: refused })}
              />
            )}
            {/* On a phone the table scrolls sideways in its own box, which the keyboard can reach
                (a scrollable region without a focusable control inside must be focusable). */}
            <div
              className="atm-admin__scroll-region"
              role="region"
              aria-label={t('shopsCsv.preview.tableLabel')}
              tabIndex={0}
            >
              <Table<ImportRowDto>
                size="small"
                rowKey="row"
                columns={columns}
                dataSource={preview.rows}
                pagination={{
                  pageSize: 50,
                  hideOnSinglePage: true,
                  showSizeChanger: false,
                  itemRender: pagerItems,
                }}
              />
            </div>
            {phase !== 'done' ? (
              <Space orientation="vertical" style={{ marginTop: 12 }}>
                <Checkbox checked={allOrNothing} onChange={(e) => setAllOrNothing(e.target.checked)}>
                  {t('shopsCsv.preview.allOrNothing')}
                </Checkbox>
                <Flex gap={8} wrap>
                  <Button
                    type="primary"
                    onClick={confirmImport}
                    loading={phase === 'importing'}
                    disabled={busy || writes === 0 || (allOrNothing && refused > 0)}
                  >
                    {t('shopsCsv.preview.confirm', { count: writes })}
                  </Button>
                  <Button onClick={startOver} disabled={busy}>
                    {t('common.cancel')}
                  </Button>
                </Flex>
              </Space>
            ) : (
              <Button style={{ marginTop: 12 }} onClick={startOver}>
                {t('shopsCsv.result.another')}
              </Button>
            )}
          </section>
        )}
      </Card>
    </AdminPage>
  );
}
