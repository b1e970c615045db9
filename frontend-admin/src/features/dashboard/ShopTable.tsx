import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Flex, Radio, Select, Table, Typography } from 'antd';
import type { TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, SafetyOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { ShopLogo, useNamedPagerItems, type Shop } from 'frontend-common';
import { useBulkShopsMutation, useDeleteShopMutation } from '../../api/adminApi';
import type { AdminShopListDto, BulkShopsDto } from '../../api/generated';
import { useAdminPath } from '../../app/basePath';
import { DESTRUCTIVE_CONFIRM } from '../../app/destructiveConfirm';
import { useToast } from '../../app/useToast';
import { useAdminTranslation } from '../../i18n';
import { SearchBox } from './SearchBox';
import { PAGE_SIZES, type ShopListParams, type ShopSort, type VerifiedFilter } from './shopListParams';

/** Category badges per row before "+N". */
const ROW_CATEGORIES = 3;

interface ShopTableProps {
  list: AdminShopListDto | undefined;
  fetching: boolean;
  params: ShopListParams;
  update: (changes: Partial<ShopListParams>, options?: { replace?: boolean }) => void;
}

/** The dashboard's "Armeros" heading, where focus goes when a deleted shop's row is gone. */
export const SHOP_LIST_HEADING_ID = 'atm-admin-shop-list-heading';

/** How long a request runs before the table shows its spinner. */
const SPINNER_DELAY_MS = 300;

/**
 * True once `on` has stayed true for `delayMs`. A quick answer (most searches) then changes
 * nothing the table sees until its rows arrive, so the table is rendered once per answer, not
 * also when the request starts.
 */
function useDelayedFlag(on: boolean, delayMs: number) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!on) return undefined;
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [on, delayMs]);
  return on && shown;
}

const selectOptions = (values: string[] = []) => values.map((value) => ({ value, label: value }));

const rowProps = () => ({ 'data-testid': 'shop-row' }) as React.HTMLAttributes<HTMLElement>;

/**
 * The dashboard's shops: one page from the server, sorted, filtered, with actions on many at once.
 * The table (a page of 10 to 100 rows) is the costly part of every render: it is memoized so
 * that a key typed in the search box, or the URL changing before the answer comes, does not
 * render it again (the budget: a key press to new results in under 200 ms).
 */
export function ShopTable({ list, fetching, params, update }: ShopTableProps) {
  const { t, i18n, errorText } = useAdminTranslation();
  const pagerItems = useNamedPagerItems();
  const toast = useToast();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const [deleteShop] = useDeleteShopMutation();
  const [bulkShops, { isLoading: bulkRunning }] = useBulkShopsMutation();
  const [selected, setSelected] = useState<string[]>([]);

  const language = i18n.language;

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
      // Deleting many is destructive: red, and focus starts on Cancel.
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

  // The rows' buttons call the latest handlers without making the columns new on every render.
  const rowActions = useRef({ edit: (_shop: Shop) => {}, remove: (_shop: Shop) => {} });
  useLayoutEffect(() => {
    rowActions.current = {
      edit: (shop) => navigate(adminPath(`/shops/edit/${encodeURIComponent(shop.id)}`)),
      remove: confirmDelete,
    };
  });

  const { sort, order } = params;
  const columns = useMemo<TableProps<Shop>['columns']>(() => {
    const sortOrder = (column: ShopSort) =>
      sort === column ? (order === 'asc' ? 'ascend' : 'descend') : null;
    const updatedFormat = new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'es-MX', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    return [
      {
        key: 'name',
        title: t('dashboard.columns.name'),
        sorter: true,
        sortOrder: sortOrder('name'),
        // Plain elements styled like antd's tags (admin.css): a page of rows renders much
        // faster than one of Flex, Typography and Tag components (bench/lib/admin.mjs).
        render: (_, shop) => (
          <div className="atm-admin__shop-name">
            <ShopLogo logo={shop.logo} alt={shop.name} size={40} />
            <div>
              <strong>{shop.name}</strong>
              <div className="atm-admin__tags">
                {shop.categories.slice(0, ROW_CATEGORIES).map((category) => (
                  <span key={category} className="atm-admin__tag atm-admin__tag--category">
                    {category}
                  </span>
                ))}
                {shop.categories.length > ROW_CATEGORIES && (
                  <span className="atm-admin__tag">+{shop.categories.length - ROW_CATEGORIES}</span>
                )}
              </div>
            </div>
          </div>
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
            <span className="atm-admin__tag atm-admin__tag--verified">
              <SafetyOutlined aria-hidden /> {t('dashboard.card.verified')}
            </span>
          ) : (
            <span className="atm-admin__tag">{t('dashboard.card.unverified')}</span>
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
        // A width on the last column makes the table write a <col> for every column: with the
        // selection column's alone, the rows were wider than the table's declared columns.
        width: 'auto',
        render: (_, shop) => (
          <div className="atm-admin__row-actions">
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={`${t('dashboard.card.edit')} ${shop.name}`}
              onClick={() => rowActions.current.edit(shop)}
            >
              {t('dashboard.card.edit')}
            </Button>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t('dashboard.card.delete')} ${shop.name}`}
              onClick={() => rowActions.current.remove(shop)}
            >
              {t('dashboard.card.delete')}
            </Button>
          </div>
        ),
      },
    ];
  }, [t, language, sort, order]);

  const { page, pageSize } = params;
  const onChange = useCallback<NonNullable<TableProps<Shop>['onChange']>>(
    (pagination, _filters, sorter, { action }) => {
      if (action === 'sort' && !Array.isArray(sorter)) {
        const column = (sorter.columnKey as ShopSort | undefined) ?? 'name';
        update({ sort: sorter.order ? column : 'name', order: sorter.order === 'descend' ? 'desc' : 'asc' });
      } else if (action === 'paginate') {
        update({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? pageSize });
      }
    },
    [update, pageSize],
  );
  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  // Only a slow answer shows the spinner: a quick one swaps the rows in place.
  const slow = useDelayedFlag(fetching, SPINNER_DELAY_MS);
  const items = list?.items;
  const total = list?.total ?? 0;
  const table = useMemo(
    () => (
      <Table<Shop>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={items}
        loading={slow}
        className="atm-admin__shop-table"
        // No "click to sort" tooltip: the header says its order (aria-sort) and the arrows show
        // it; the tooltip only covered the rows and, fading in, failed the contrast check.
        showSorterTooltip={false}
        locale={{ emptyText: t('dashboard.noMatches') }}
        onRow={rowProps}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys as string[]),
        }}
        pagination={{
          current: page,
          pageSize,
          total,
          itemRender: pagerItems,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (count) => t('dashboard.listTotal', { count }),
        }}
        onChange={onChange}
      />
    ),
    [columns, items, slow, t, selected, page, pageSize, total, onChange, pagerItems],
  );

  // Same lists, same options: the selects are not rendered again for every answer.
  const categoryOptions = useMemo(() => selectOptions(list?.categories), [list?.categories]);
  const stateOptions = useMemo(() => selectOptions(list?.states), [list?.states]);

  return (
    <>
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchBox value={params.q} onSearch={onSearch} />
        {/* Radio buttons, not antd's Segmented (a <div> inside a <label>: invalid HTML). */}
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          aria-label={t('dashboard.filter.label')}
          value={params.verified}
          onChange={({ target: { value } }) => update({ verified: value as VerifiedFilter })}
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
          options={categoryOptions}
          style={{ minWidth: 200 }}
        />
        <Select
          allowClear
          showSearch
          aria-label={t('dashboard.listFilter.state')}
          placeholder={t('dashboard.listFilter.allStates')}
          value={params.state || undefined}
          onChange={(state?: string) => update({ state: state ?? '' })}
          options={stateOptions}
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
      {table}
    </>
  );
}
