import { useEffect, useState } from 'react';
import { App, Button, Flex, Input, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, SafetyOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { ShopLogo, type Shop } from 'frontend-common';
import { useBulkShopsMutation, useDeleteShopMutation } from '../../api/adminApi';
import type { AdminShopListDto, BulkShopsDto } from '../../api/generated';
import { useAdminPath } from '../../app/basePath';
import { DESTRUCTIVE_CONFIRM } from '../../app/destructiveConfirm';
import { useToast } from '../../app/useToast';
import { useAdminTranslation } from '../../i18n';
import { PAGE_SIZES, type ShopListParams, type ShopSort, type VerifiedFilter } from './shopListParams';

/**
 * How long typing pauses before the list is asked again: keys typed in a burst make one request,
 * and the results still follow the last key within the 200 ms budget (bench/lib/admin.mjs).
 */
const SEARCH_DEBOUNCE_MS = 100;
/** Category badges per row before "+N". */
const ROW_CATEGORIES = 3;

interface ShopTableProps {
  list: AdminShopListDto | undefined;
  fetching: boolean;
  params: ShopListParams;
  update: (changes: Partial<ShopListParams>, options?: { replace?: boolean }) => void;
}

/** The search box: its own text at once, the URL (and so the request) once typing pauses. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useAdminTranslation();
  const [text, setText] = useState(value);
  // Back/forward (or a link) changes the URL: show its query (React's "adjust state on a prop
  // change" pattern, during render rather than in an effect).
  const [urlValue, setUrlValue] = useState(value);
  if (value !== urlValue) {
    setUrlValue(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return undefined;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <Input.Search
      allowClear
      aria-label={t('dashboard.search.label')}
      placeholder={t('dashboard.search.placeholder')}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(q) => onSearch(q)}
      style={{ maxWidth: 420 }}
    />
  );
}

/** The dashboard's shops: one page from the server, sorted, filtered, with actions on many at once. */
/** The dashboard's "Armeros" heading, where focus goes when a deleted shop's row is gone. */
export const SHOP_LIST_HEADING_ID = 'atm-admin-shop-list-heading';

export function ShopTable({ list, fetching, params, update }: ShopTableProps) {
  const { t, i18n, errorText } = useAdminTranslation();
  const toast = useToast();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const [deleteShop] = useDeleteShopMutation();
  const [bulkShops, { isLoading: bulkRunning }] = useBulkShopsMutation();
  const [selected, setSelected] = useState<string[]>([]);

  const updatedFormat = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const confirmDelete = (shop: Shop) => {
    let deleted = false;
    modal.confirm({
      title: t('dashboard.delete.title'),
      content: t('dashboard.delete.confirm', { name: shop.name }),
      okText: t('dashboard.delete.ok'),
      ...DESTRUCTIVE_CONFIRM,
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await deleteShop(shop.id).unwrap();
          deleted = true;
          setSelected((keys) => keys.filter((id) => id !== shop.id));
          toast.success(t('dashboard.delete.success.title'), t('dashboard.delete.success.description'));
        } catch (failure) {
          toast.error(
            t('dashboard.delete.failed.title'),
            errorText(failure, t('dashboard.delete.failed.fallback')),
          );
        }
      },
      // The dialog gives focus back to the row's delete button, which the refreshed list no
      // longer has: a keyboard user would be left on nothing. The list's heading takes it.
      afterClose: () => {
        if (deleted) document.getElementById(SHOP_LIST_HEADING_ID)?.focus();
      },
    });
  };

  const confirmBulk = (action: BulkShopsDto['action']) => {
    const ids = selected;
    modal.confirm({
      title: t(`dashboard.bulk.${action}.title`),
      content: t(`dashboard.bulk.${action}.confirm`, { count: ids.length }),
      okText: t(`dashboard.bulk.${action}.ok`),
      // Deleting many is destructive: red, and focus starts on Cancel (issue 15, defect 3).
      ...(action === 'delete' ? DESTRUCTIVE_CONFIRM : {}),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const { count } = await bulkShops({ action, ids }).unwrap();
          setSelected([]);
          toast.success(t(`dashboard.bulk.${action}.success`, { count }));
        } catch (failure) {
          toast.error(
            t('dashboard.bulk.failed.title'),
            errorText(failure, t('dashboard.bulk.failed.fallback')),
          );
        }
      },
    });
  };

  const sortOrder = (column: ShopSort) =>
    params.sort === column ? (params.order === 'asc' ? 'ascend' : 'descend') : null;

  const columns: TableProps<Shop>['columns'] = [
    {
      key: 'name',
      title: t('dashboard.columns.name'),
      sorter: true,
      sortOrder: sortOrder('name'),
      render: (_, shop) => (
        <Flex gap={12} align="center">
          <ShopLogo logo={shop.logo} alt={shop.name} size={40} />
          <div style={{ minWidth: 0 }}>
            <Typography.Text strong>{shop.name}</Typography.Text>
            <div>
              {shop.categories.slice(0, ROW_CATEGORIES).map((category) => (
                <Tag key={category} color="red" style={{ marginTop: 4 }}>
                  {category}
                </Tag>
              ))}
              {shop.categories.length > ROW_CATEGORIES && (
                <Tag>+{shop.categories.length - ROW_CATEGORIES}</Tag>
              )}
            </div>
          </div>
        </Flex>
      ),
    },
    {
      key: 'city',
      title: t('dashboard.columns.city'),
      sorter: true,
      sortOrder: sortOrder('city'),
      render: (_, shop) => (
        <span className="atm-admin__shop-meta">
          {shop.city}, {shop.state}
        </span>
      ),
    },
    {
      key: 'verified',
      title: t('dashboard.columns.verified'),
      sorter: true,
      sortOrder: sortOrder('verified'),
      render: (_, shop) =>
        shop.isVerified === 'true' ? (
          <Tag color="success" icon={<SafetyOutlined />}>
            {t('dashboard.card.verified')}
          </Tag>
        ) : (
          <Tag>{t('dashboard.card.unverified')}</Tag>
        ),
    },
    {
      key: 'updatedAt',
      title: t('dashboard.columns.updatedAt'),
      sorter: true,
      sortOrder: sortOrder('updatedAt'),
      render: (_, shop) => (
        <time dateTime={shop.updatedAt} data-testid="shop-updated">
          {updatedFormat.format(new Date(shop.updatedAt))}
        </time>
      ),
    },
    {
      key: 'actions',
      title: t('dashboard.columns.actions'),
      render: (_, shop) => (
        <Space size={0}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`${t('dashboard.card.edit')} ${shop.name}`}
            onClick={() => navigate(adminPath(`/shops/edit/${encodeURIComponent(shop.id)}`))}
          >
            {t('dashboard.card.edit')}
          </Button>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${t('dashboard.card.delete')} ${shop.name}`}
            onClick={() => confirmDelete(shop)}
          >
            {t('dashboard.card.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  const onChange: TableProps<Shop>['onChange'] = (pagination, _filters, sorter, { action }) => {
    if (action === 'sort' && !Array.isArray(sorter)) {
      const column = (sorter.columnKey as ShopSort | undefined) ?? 'name';
      update({ sort: sorter.order ? column : 'name', order: sorter.order === 'descend' ? 'desc' : 'asc' });
    } else if (action === 'paginate') {
      update({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? params.pageSize });
    }
  };

  return (
    <>
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchBox value={params.q} onSearch={(q) => update({ q }, { replace: true })} />
        <Segmented<VerifiedFilter>
          aria-label={t('dashboard.filter.label')}
          value={params.verified}
          onChange={(verified) => update({ verified })}
          options={[
            { value: 'all', label: t('dashboard.filter.all') },
            { value: 'true', label: t('dashboard.filter.verified') },
            { value: 'false', label: t('dashboard.filter.unverified') },
          ]}
        />
        <Select
          allowClear
          showSearch
          aria-label={t('dashboard.listFilter.category')}
          placeholder={t('dashboard.listFilter.allCategories')}
          value={params.category || undefined}
          onChange={(category?: string) => update({ category: category ?? '' })}
          options={(list?.categories ?? []).map((value) => ({ value, label: value }))}
          style={{ minWidth: 200 }}
        />
        <Select
          allowClear
          showSearch
          aria-label={t('dashboard.listFilter.state')}
          placeholder={t('dashboard.listFilter.allStates')}
          value={params.state || undefined}
          onChange={(state?: string) => update({ state: state ?? '' })}
          options={(list?.states ?? []).map((value) => ({ value, label: value }))}
          style={{ minWidth: 200 }}
        />
      </Flex>
      {selected.length > 0 && (
        <Flex
          gap={8}
          wrap
          align="center"
          style={{ marginBottom: 12 }}
          role="group"
          aria-label={t('dashboard.bulk.label')}
        >
          <Typography.Text strong data-testid="selected-count">
            {t('dashboard.bulk.selected', { count: selected.length })}
          </Typography.Text>
          <Button onClick={() => confirmBulk('verify')} loading={bulkRunning}>
            {t('dashboard.bulk.verify.action')}
          </Button>
          <Button onClick={() => confirmBulk('unverify')} loading={bulkRunning}>
            {t('dashboard.bulk.unverify.action')}
          </Button>
          <Button danger onClick={() => confirmBulk('delete')} loading={bulkRunning}>
            {t('dashboard.bulk.delete.action')}
          </Button>
          <Button type="link" onClick={() => setSelected([])}>
            {t('dashboard.bulk.clear')}
          </Button>
        </Flex>
      )}
      <Table<Shop>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list?.items}
        // Only a slow answer shows the spinner: a quick one (most searches) swaps the rows in place.
        loading={{ spinning: fetching, delay: 300 }}
        className="atm-admin__shop-table"
        // No "click to sort" tooltip: the header says its order (aria-sort) and the arrows show
        // it; the tooltip only covered the rows and, fading in, failed the contrast check.
        showSorterTooltip={false}
        locale={{ emptyText: t('dashboard.noMatches') }}
        onRow={() => ({ 'data-testid': 'shop-row' }) as React.HTMLAttributes<HTMLElement>}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys as string[]),
        }}
        pagination={{
          current: params.page,
          pageSize: params.pageSize,
          total: list?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (total) => t('dashboard.listTotal', { count: total }),
        }}
        onChange={onChange}
      />
    </>
  );
}
