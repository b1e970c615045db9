import { useCallback, useId, useMemo } from 'react';
import { Alert, AutoComplete, Button, Card, Flex, Form, Input, Select, Table, Typography } from 'antd';
import type { TableProps } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ACTIVITY_KINDS } from 'contract';
import { useNamedPagerItems } from 'frontend-common';
import { useGetActivityQuery, useGetAdminUsersQuery } from '../../api/adminApi';
import type { ActivityEntryDto } from '../../api/generated';
import { useAdminPath } from '../../app/basePath';
import { useNamedClear } from '../../app/useNamedClear';
import { useTypedFilter } from '../../app/useTypedFilter';
import { useAdminTranslation } from '../../i18n';
import { AdminPage } from '../layout/AdminPage';
import {
  ACTIVITY_PAGE_SIZES,
  activityQuery,
  activitySearch,
  datesReversed,
  DEFAULT_ACTIVITY_PARAMS,
  parseActivityParams,
  type ActivityKind,
  type ActivityParams,
} from './activityParams';
import { actorText, detailLines } from './activityText';

/** The page's state in the URL; a change of filter goes back to the first page. */
function useActivityParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseActivityParams(search), [search]);
  const update = useCallback(
    (changes: Partial<ActivityParams>, { replace = false } = {}) => {
      setSearch(
        (current) => {
          const next = { ...parseActivityParams(current), ...changes };
          if (changes.page === undefined) next.page = 1;
          return activitySearch(next);
        },
        { replace },
      );
    },
    [setSearch],
  );
  return [params, update] as const;
}

/** How long typing pauses before the log is asked again (one request per burst of keys). */
const TYPING_PAUSE_MS = 300;

/** /admin/activity: the activity log, newest first, a page at a time, with its filters. */
export function ActivityPage() {
  const { t, i18n, errorText } = useAdminTranslation();
  const pagerItems = useNamedPagerItems();
  const namedClear = useNamedClear();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const [params, update] = useActivityParams();
  const reversed = datesReversed(params);
  const [actor, setActor] = useTypedFilter(
    params.actor,
    useCallback((value: string) => update({ actor: value }, { replace: true }), [update]),
    TYPING_PAUSE_MS,
  );
  const [shop, setShop] = useTypedFilter(
    params.shop,
    useCallback((value: string) => update({ shop: value }, { replace: true }), [update]),
    TYPING_PAUSE_MS,
  );
  // The log grows with every change: each visit asks again.
  const { data, isFetching, isError, error, refetch } = useGetActivityQuery(activityQuery(params), {
    skip: reversed,
    refetchOnMountOrArgChange: true,
  });
  const { data: admins } = useGetAdminUsersQuery();
  const ids = { actor: useId(), kind: useId(), shop: useId(), from: useId(), to: useId() };
  const language = i18n.language === 'en' ? 'en-US' : 'es-MX';
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' });
  const filtered = Object.entries(params).some(
    ([key, value]) =>
      !['page', 'pageSize'].includes(key) && value !== DEFAULT_ACTIVITY_PARAMS[key as keyof ActivityParams],
  );

  const columns: TableProps<ActivityEntryDto>['columns'] = [
    {
      key: 'at',
      title: t('activity.columns.at'),
      render: (_, entry) => <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>,
    },
    {
      key: 'actor',
      title: t('activity.columns.actor'),
      render: (_, entry) =>
        entry.actorName ? (
          entry.actorName
        ) : (
          <Typography.Text type="secondary">{actorText(t, entry)}</Typography.Text>
        ),
    },
    {
      key: 'kind',
      title: t('activity.columns.kind'),
      render: (_, entry) => t(`activity.kinds.${entry.kind}`),
    },
    {
      key: 'shop',
      title: t('activity.columns.shop'),
      render: (_, entry) =>
        entry.shopId && entry.kind !== 'shop.deleted' ? (
          <Link to={adminPath(`/shops/edit/${entry.shopId}`)}>{entry.shopName}</Link>
        ) : (
          entry.shopName
        ),
    },
    {
      key: 'details',
      title: t('activity.columns.details'),
      render: (_, entry) =>
        detailLines(t, entry).map((line, index) => (
          <div key={index} className="atm-admin__activity-line">
            {line}
          </div>
        )),
    },
    { key: 'client', title: t('activity.columns.client'), dataIndex: 'client' },
  ];

  return (
    <AdminPage
      title={t('activity.title')}
      subtitle={t('activity.subtitle')}
      onBack={() => navigate(adminPath())}
    >
      <Card className="atm-admin__section">
        <Form layout="vertical" aria-label={t('activity.filters.label')} role="search">
          <Flex gap={16} wrap align="end">
            <Form.Item label={t('activity.filters.actor')} htmlFor={ids.actor} style={{ minWidth: 200 }}>
              <AutoComplete
                id={ids.actor}
                allowClear
                placeholder={t('activity.filters.actorPlaceholder')}
                value={actor}
                options={(admins ?? []).map((admin) => ({ value: admin.username }))}
                onChange={(value: string | undefined) => setActor(value ?? '')}
              />
            </Form.Item>
            <Form.Item label={t('activity.filters.kind')} htmlFor={ids.kind} style={{ minWidth: 240 }}>
              <Select<ActivityKind | ''>
                id={ids.kind}
                value={params.kind}
                onChange={(kind) => update({ kind })}
                options={[
                  { value: '', label: t('activity.filters.anyKind') },
                  ...ACTIVITY_KINDS.map((kind) => ({ value: kind, label: t(`activity.kinds.${kind}`) })),
                ]}
              />
            </Form.Item>
            <Form.Item label={t('activity.filters.shop')} htmlFor={ids.shop} style={{ minWidth: 200 }}>
              <Input
                id={ids.shop}
                allowClear={namedClear}
                placeholder={t('activity.filters.shopPlaceholder')}
                value={shop}
                onChange={(event) => setShop(event.target.value)}
              />
            </Form.Item>
            <Form.Item label={t('activity.filters.from')} htmlFor={ids.from}>
              <Input
                id={ids.from}
                type="date"
                value={params.from}
                max={params.to || undefined}
                onChange={(event) => update({ from: event.target.value })}
              />
            </Form.Item>
            <Form.Item
              label={t('activity.filters.to')}
              htmlFor={ids.to}
              validateStatus={reversed ? 'error' : undefined}
              help={reversed ? t('activity.filters.datesReversed') : undefined}
            >
              <Input
                id={ids.to}
                type="date"
                value={params.to}
                min={params.from || undefined}
                aria-invalid={reversed || undefined}
                onChange={(event) => update({ to: event.target.value })}
              />
            </Form.Item>
            {filtered && (
              <Form.Item>
                <Button onClick={() => update({ ...DEFAULT_ACTIVITY_PARAMS, pageSize: params.pageSize })}>
                  {t('activity.filters.clear')}
                </Button>
              </Form.Item>
            )}
          </Flex>
          {params.shopId && (
            <Alert
              type="info"
              showIcon
              title={t('activity.filters.shopId')}
              action={
                <Button size="small" onClick={() => update({ shopId: '' })}>
                  {t('activity.filters.allShops')}
                </Button>
              }
            />
          )}
        </Form>
      </Card>

      {isError && !reversed ? (
        <Alert
          type="error"
          showIcon
          title={t('activity.loadError')}
          description={errorText(error, '') || undefined}
          action={<Button onClick={() => refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Table<ActivityEntryDto>
          rowKey="id"
          columns={columns}
          dataSource={reversed ? [] : data?.items}
          loading={isFetching}
          locale={{ emptyText: t('activity.empty') }}
          scroll={{ x: true }}
          pagination={{
            current: params.page,
            pageSize: params.pageSize,
            total: data?.total ?? 0,
            itemRender: pagerItems,
            pageSizeOptions: ACTIVITY_PAGE_SIZES.map(String),
            showSizeChanger: true,
            showTotal: (total) => t('activity.total', { count: total }),
            onChange: (page, pageSize) =>
              update(pageSize !== params.pageSize ? { page: 1, pageSize } : { page }),
          }}
        />
      )}
    </AdminPage>
  );
}
