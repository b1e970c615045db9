import { useState } from 'react';
import { Alert, Button, Card, Flex, Form, Select, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { CORRECTION_KINDS, VISITOR_REQUEST_STATUSES, VISITOR_REQUEST_TYPES } from 'contract';
import { useNamedPagerItems } from 'frontend-common';
import type { AdminRequestDto } from '../../api/generated';
import { useAdminPath } from '../../app/basePath';
import { useToast } from '../../app/useToast';
import { useAdminTranslation } from '../../i18n';
import { AdminPage } from '../layout/AdminPage';
import { ApproveDialog, RejectDialog } from './DecisionDialogs';
import { ListingSummary } from './listing/ListingSummary';
import { RequestDiff } from './RequestDiff';
import { useGetAdminRequestsQuery, useMarkRequestsAsSpamMutation } from './requestsApi';
import './requests.css';

type Status = (typeof VISITOR_REQUEST_STATUSES)[number];
type Kind = (typeof CORRECTION_KINDS)[number];
type RequestType = (typeof VISITOR_REQUEST_TYPES)[number];
const PAGE_SIZES = [10, 20, 50, 100];
const ALL = 'all';

/**
 * "Solicitudes" / "Requests": what visitors sent, newest first, filtered by status, kind
 * (correction or listing request) and what a correction is about, paged like the dashboard. Each
 * correction shows the shop's current value beside the proposal (as text); an administrator
 * approves (editing first if needed), rejects with a reason, or marks as spam, one or many at
 * once. A listing request opens as the prefilled shop form.
 */
export function RequestsPage() {
  const { t, i18n, errorText } = useAdminTranslation();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const toast = useToast();
  const pagerItems = useNamedPagerItems();
  const [status, setStatus] = useState<Status | typeof ALL>('pending');
  const [type, setType] = useState<RequestType | typeof ALL>(ALL);
  const [kind, setKind] = useState<Kind | typeof ALL>(ALL);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [selected, setSelected] = useState<string[]>([]);
  const [deciding, setDeciding] = useState<{ request: AdminRequestDto; action: 'approve' | 'reject' } | null>(
    null,
  );
  const { data, isFetching, isError, error, refetch } = useGetAdminRequestsQuery({
    page,
    pageSize,
    ...(status === ALL ? {} : { status }),
    ...(type === ALL ? {} : { type }),
    ...(kind === ALL || type === 'listing' ? {} : { kind }),
  });
  const [markSpam, { isLoading: marking }] = useMarkRequestsAsSpamMutation();
  const when = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const spam = async (ids: string[]) => {
    try {
      const { marked } = await markSpam({ ids }).unwrap();
      toast.success(t('requests.spam.done', { count: marked }));
      setSelected([]);
    } catch (failure) {
      toast.error(t('requests.spam.failed'), errorText(failure, '') || undefined);
    }
  };

  const columns: TableProps<AdminRequestDto>['columns'] = [
    {
      key: 'reference',
      title: t('requests.columns.reference'),
      render: (_, request) => (
        <Flex vertical gap={2}>
          <Typography.Text strong className="atm-requests__reference">
            {request.reference}
          </Typography.Text>
          <time dateTime={request.createdAt}>{when.format(new Date(request.createdAt))}</time>
          {request.duplicates > 0 && (
            <Typography.Text type="secondary">
              {t('requests.duplicates', { count: request.duplicates })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'shop',
      title: t('requests.columns.shop'),
      render: (_, request) => (
        <Flex vertical gap={2} align="flex-start">
          <span>{request.shopName ?? '—'}</span>
          <Tag>{t(`requests.type.${request.type}`)}</Tag>
          {request.type === 'correction' && <Tag>{t(`requests.kind.${request.kind ?? 'other'}`)}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'diff',
      title: t('requests.columns.diff'),
      render: (_, request) =>
        request.type === 'listing' ? <ListingSummary request={request} /> : <RequestDiff request={request} />,
    },
    {
      key: 'submitter',
      title: t('requests.columns.submitter'),
      render: (_, request) =>
        request.submitterName || request.submitterEmail ? (
          <Flex vertical gap={2}>
            {request.submitterName && <span>{request.submitterName}</span>}
            {request.submitterEmail && <span>{request.submitterEmail}</span>}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('requests.anonymous')}</Typography.Text>
        ),
    },
    {
      key: 'status',
      title: t('requests.columns.status'),
      render: (_, request) => (
        <Flex vertical gap={2}>
          <span>{t(`requests.status.${request.status}`)}</span>
          {request.decidedBy && (
            <Typography.Text type="secondary">
              {t('requests.decidedBy', { name: request.decidedBy })}
            </Typography.Text>
          )}
          {request.decisionReason && (
            <Typography.Text type="secondary">{request.decisionReason}</Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('requests.columns.actions'),
      // With a width on the last column the table writes a <col> for every column (see ShopTable).
      width: 'auto',
      render: (_, request) =>
        request.type === 'listing' ? (
          <Flex gap={6} wrap>
            <Button
              type={request.status === 'pending' ? 'primary' : 'default'}
              aria-label={t('requests.actions.openNamed', { reference: request.reference })}
              onClick={() => navigate(adminPath(`/requests/${request.id}`))}
            >
              {t('requests.actions.open')}
            </Button>
            {request.status === 'pending' && (
              <Button danger onClick={() => void spam([request.id])}>
                {t('requests.actions.spam')}
              </Button>
            )}
          </Flex>
        ) : request.status === 'pending' ? (
          <Flex gap={6} wrap>
            <Button type="primary" onClick={() => setDeciding({ request, action: 'approve' })}>
              {t('requests.actions.approve')}
            </Button>
            <Button onClick={() => setDeciding({ request, action: 'reject' })}>
              {t('requests.actions.reject')}
            </Button>
            <Button danger onClick={() => void spam([request.id])}>
              {t('requests.actions.spam')}
            </Button>
          </Flex>
        ) : null,
    },
  ];

  return (
    <AdminPage
      title={t('requests.title')}
      subtitle={t('requests.subtitle')}
      onBack={() => navigate(adminPath())}
    >
      <Card>
        <Form layout="inline" className="atm-requests__filters">
          <Form.Item label={t('requests.filters.status')} htmlFor="atm-requests-status">
            <Select
              id="atm-requests-status"
              value={status}
              style={{ minWidth: 160 }}
              onChange={(value) => {
                setStatus(value);
                setPage(1);
              }}
              options={[ALL, ...VISITOR_REQUEST_STATUSES].map((value) => ({
                value,
                label: t(value === ALL ? 'requests.filters.all' : `requests.status.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item label={t('requests.filters.type')} htmlFor="atm-requests-type">
            <Select
              id="atm-requests-type"
              value={type}
              style={{ minWidth: 180 }}
              onChange={(value) => {
                setType(value);
                if (value === 'listing') setKind(ALL);
                setPage(1);
              }}
              options={[ALL, ...VISITOR_REQUEST_TYPES].map((value) => ({
                value,
                label: t(value === ALL ? 'requests.filters.all' : `requests.type.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item label={t('requests.filters.kind')} htmlFor="atm-requests-kind">
            <Select
              id="atm-requests-kind"
              value={kind}
              // What a correction is about: a listing request has no such kind.
              disabled={type === 'listing'}
              style={{ minWidth: 180 }}
              onChange={(value) => {
                setKind(value);
                setPage(1);
              }}
              options={[ALL, ...CORRECTION_KINDS].map((value) => ({
                value,
                label: t(value === ALL ? 'requests.filters.all' : `requests.kind.${value}`),
              }))}
            />
          </Form.Item>
          <Button danger disabled={!selected.length} loading={marking} onClick={() => void spam(selected)}>
            {selected.length
              ? t('requests.spam.bulk', { count: selected.length })
              : t('requests.spam.bulkNone')}
          </Button>
        </Form>
      </Card>
      {isError ? (
        <Alert
          type="error"
          showIcon
          title={t('requests.loadError')}
          description={errorText(error, '') || undefined}
          action={<Button onClick={() => refetch()}>{t('common.retry')}</Button>}
        />
      ) : data && !data.items.length && !isFetching ? (
        // No table when nothing matches: its empty box scrolls sideways on a phone with nothing in
        // it to focus (out of the keyboard's reach), and antd greys its text below 4.5:1.
        <Card>
          <Typography.Text>{t('requests.empty')}</Typography.Text>
        </Card>
      ) : (
        <Table<AdminRequestDto>
          rowKey="id"
          className="atm-requests__table"
          columns={columns}
          dataSource={data?.items}
          loading={isFetching}
          locale={{ emptyText: t('requests.empty') }}
          scroll={{ x: true }}
          rowSelection={{
            // Each row has its own named checkbox; antd copies a select-all box into its hidden
            // column-measuring row, where a focusable control breaks aria-hidden.
            hideSelectAll: true,
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
            getCheckboxProps: (request) => ({
              disabled: request.status !== 'pending',
              'aria-label': t('requests.select', { reference: request.reference }),
            }),
          }}
          pagination={{
            current: page,
            pageSize,
            total: data?.total ?? 0,
            itemRender: pagerItems,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            showTotal: (total) => t('requests.total', { count: total }),
            onChange: (next, size) => {
              setPage(size !== pageSize ? 1 : next);
              setPageSize(size);
            },
          }}
        />
      )}
      {deciding?.action === 'approve' && (
        <ApproveDialog request={deciding.request} onClose={() => setDeciding(null)} />
      )}
      {deciding?.action === 'reject' && (
        <RejectDialog request={deciding.request} onClose={() => setDeciding(null)} />
      )}
    </AdminPage>
  );
}
