import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Input,
  Row,
  Segmented,
  Skeleton,
  Space,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import {
  DeleteOutlined,
  EditOutlined,
  LogoutOutlined,
  PlusOutlined,
  SafetyOutlined,
  TeamOutlined,
  DatabaseOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { ShopLogo, type Shop } from 'frontend-common';
import {
  reportUnauthorized,
  useDeleteShopMutation,
  useGetBackupStatsQuery,
  useGetMeQuery,
  useGetShopsQuery,
  useLogoutMutation,
} from '../../api/adminApi';
import { apiErrorMessage } from '../../api/apiError';
import { useAdminPath } from '../../app/basePath';
import { useAppDispatch } from '../../app/hooks';
import { useToast } from '../../app/useToast';
import { DESTRUCTIVE_CONFIRM } from '../../app/destructiveConfirm';
import { useAdminTranslation } from '../../i18n';
import { AdminPage } from '../layout/AdminPage';
import { filterAdminShops, isBackupDue, shopCategories, type VerifiedFilter } from './dashboardRules';

/** /admin: statistics, actions and one card per gunsmith (spec section 2, Dashboard). */
export function DashboardPage() {
  const { t, i18n, serverText } = useAdminTranslation();
  const toast = useToast();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const adminPath = useAdminPath();
  const { data: user } = useGetMeQuery();
  // Skipped while logged out, so nothing is asked for (and answered 401) behind the login screen.
  const { data: shops = [], isLoading, isError, refetch } = useGetShopsQuery(undefined, { skip: !user });
  const { data: stats } = useGetBackupStatsQuery(undefined, { skip: !user });
  const [logout, { isLoading: loggingOut }] = useLogoutMutation();
  const [deleteShop] = useDeleteShopMutation();
  const [search, setSearch] = useState('');
  const [verified, setVerified] = useState<VerifiedFilter>('all');

  const categories = useMemo(() => shopCategories(shops), [shops]);
  const verifiedCount = shops.filter((s) => s.isVerified === 'true').length;
  const visible = useMemo(() => filterAdminShops(shops, search, verified), [shops, search, verified]);

  const onLogout = async () => {
    try {
      await logout().unwrap();
      toast.success(t('dashboard.loggedOut.title'), t('dashboard.loggedOut.description'));
      reportUnauthorized(dispatch); // so /admin/login does not send a logged-in admin back here
      // The login route drops the cached data once this page has gone (see AdminApp).
      navigate(adminPath('/login'), { replace: true, state: { loggedOut: true } });
    } catch (failure) {
      toast.error(t('common.error'), serverText(apiErrorMessage(failure)) ?? t('dashboard.logoutFailed'));
    }
  };

  const confirmDelete = (shop: Shop) => {
    modal.confirm({
      title: t('dashboard.delete.title'),
      content: t('dashboard.delete.confirm', { name: shop.name }),
      okText: t('dashboard.delete.ok'),
      ...DESTRUCTIVE_CONFIRM,
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await deleteShop(shop.id).unwrap();
          toast.success(t('dashboard.delete.success.title'), t('dashboard.delete.success.description'));
        } catch (failure) {
          toast.error(
            t('dashboard.delete.failed.title'),
            serverText(apiErrorMessage(failure)) ?? t('dashboard.delete.failed.fallback'),
          );
        }
      },
    });
  };

  const dateFormat = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', {
    dateStyle: 'long',
  });
  const backupDue = stats && isBackupDue(stats.lastFullBackupAt);

  return (
    <AdminPage
      title={t('app.title')}
      subtitle={user ? t('dashboard.welcome', { name: user.username }) : undefined}
      actions={
        <Button icon={<LogoutOutlined />} onClick={onLogout} loading={loggingOut}>
          {t('dashboard.logout')}
        </Button>
      }
    >
      {backupDue && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            stats.lastFullBackupAt
              ? t('dashboard.backupReminder.old', {
                  date: dateFormat.format(new Date(stats.lastFullBackupAt)),
                })
              : t('dashboard.backupReminder.never')
          }
          action={
            <Button size="small" onClick={() => navigate(adminPath('/backup'))}>
              {t('dashboard.backupReminder.action')}
            </Button>
          }
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('dashboard.stats.total')} value={isLoading ? '—' : shops.length} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('dashboard.stats.verified')} value={isLoading ? '—' : verifiedCount} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('dashboard.stats.categories')} value={isLoading ? '—' : categories.length} />
            <Typography.Text type="secondary" data-testid="first-categories">
              {categories.length ? categories.slice(0, 3).join(', ') : t('dashboard.stats.noCategories')}
            </Typography.Text>
          </Card>
        </Col>
      </Row>

      <Flex gap={8} wrap style={{ margin: '16px 0' }}>
        <Button icon={<DatabaseOutlined />} onClick={() => navigate(adminPath('/backup'))}>
          {t('dashboard.actions.backup')}
        </Button>
        <Button icon={<TeamOutlined />} onClick={() => navigate(adminPath('/users'))}>
          {t('dashboard.actions.users')}
        </Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(adminPath('/shops/new'))}>
          {t('dashboard.actions.add')}
        </Button>
      </Flex>

      <Typography.Title level={2} style={{ fontSize: 20 }}>
        {t('dashboard.list.title')}
      </Typography.Title>
      {isLoading ? (
        <Skeleton active />
      ) : isError ? (
        <Alert
          type="error"
          showIcon
          title={t('dashboard.list.loadError')}
          action={<Button onClick={() => refetch()}>{t('common.retry')}</Button>}
        />
      ) : shops.length === 0 ? (
        <Card>
          <Empty
            description={
              <Typography.Title level={3} style={{ fontSize: 18 }}>
                {t('dashboard.empty.title')}
              </Typography.Title>
            }
          >
            <Typography.Paragraph type="secondary">{t('dashboard.empty.description')}</Typography.Paragraph>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(adminPath('/shops/new'))}>
              {t('dashboard.empty.add')}
            </Button>
          </Empty>
        </Card>
      ) : (
        <>
          <Flex gap={12} wrap style={{ marginBottom: 16 }}>
            <Input.Search
              allowClear
              aria-label={t('dashboard.search.label')}
              placeholder={t('dashboard.search.placeholder')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              style={{ maxWidth: 420 }}
            />
            <Segmented<VerifiedFilter>
              aria-label={t('dashboard.filter.label')}
              value={verified}
              onChange={setVerified}
              options={[
                { value: 'all', label: t('dashboard.filter.all') },
                { value: 'verified', label: t('dashboard.filter.verified') },
                { value: 'unverified', label: t('dashboard.filter.unverified') },
              ]}
            />
          </Flex>
          {visible.length === 0 ? (
            <Empty description={t('dashboard.noMatches')} />
          ) : (
            <Row gutter={[16, 16]}>
              {visible.map((shop) => (
                <Col xs={24} md={12} xl={8} key={shop.id}>
                  <Card
                    data-testid="shop-card"
                    actions={[
                      <Button
                        key="edit"
                        type="text"
                        icon={<EditOutlined />}
                        aria-label={`${t('dashboard.card.edit')} ${shop.name}`}
                        onClick={() => navigate(adminPath(`/shops/edit/${encodeURIComponent(shop.id)}`))}
                      >
                        {t('dashboard.card.edit')}
                      </Button>,
                      <Button
                        key="delete"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`${t('dashboard.card.delete')} ${shop.name}`}
                        onClick={() => confirmDelete(shop)}
                      >
                        {t('dashboard.card.delete')}
                      </Button>,
                    ]}
                  >
                    <Flex gap={12} align="flex-start">
                      <ShopLogo logo={shop.logo} alt={shop.name} size={48} />
                      <div style={{ minWidth: 0 }}>
                        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }} ellipsis>
                          {shop.name}
                        </Typography.Title>
                        <div className="atm-admin__shop-meta">
                          {shop.city}, {shop.state}
                        </div>
                        <Space size={[4, 4]} wrap style={{ marginTop: 8 }}>
                          {shop.isVerified === 'true' ? (
                            <Tag color="success" icon={<SafetyOutlined />}>
                              {t('dashboard.card.verified')}
                            </Tag>
                          ) : (
                            <Tag>{t('dashboard.card.unverified')}</Tag>
                          )}
                          {shop.categories.map((c) => (
                            <Tag key={c} color="red">
                              {c}
                            </Tag>
                          ))}
                        </Space>
                      </div>
                    </Flex>
                  </Card>
                </Col>
              ))}
            </Row>
          )}
        </>
      )}
    </AdminPage>
  );
}
