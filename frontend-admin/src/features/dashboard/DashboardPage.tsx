import { memo, useCallback } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import {
  DatabaseOutlined,
  FileExcelOutlined,
  HistoryOutlined,
  LogoutOutlined,
  PlusOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import {
  useGetAdminShopsQuery,
  useGetBackupStatsQuery,
  useGetMeQuery,
  useLogoutMutation,
  usePrefetch,
} from '../../api/adminApi';
import type { BackupStatsDto } from '../../api/generated';
import { useAdminPath } from '../../app/basePath';
import { useToast } from '../../app/useToast';
import { useAdminTranslation } from '../../i18n';
import { AdminPage } from '../layout/AdminPage';
import { isBackupDue } from './dashboardRules';
import { shopListQuery } from './shopListParams';
import { SHOP_LIST_HEADING_ID, ShopTable } from './ShopTable';
import { VerificationCounts } from './VerificationCounts';
import { useShopListParams } from './useShopListParams';
import { RequestsButton } from '../requests/RequestsButton';
import { useGetPendingRequestCountQuery } from '../requests/requestsApi';

/**
 * /admin: statistics, actions and the gunsmiths, one page at a time
 * from the server so that 10,000 shops cost what 20 do; the stats come from the server too.
 */
export function DashboardPage() {
  const { t, errorText } = useAdminTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const prefetchShops = usePrefetch('getAdminShops');
  // The next page of the list is asked for as soon as it is chosen, while React renders.
  const [params, update] = useShopListParams((next) => prefetchShops(shopListQuery(next)));
  const { data: user } = useGetMeQuery();
  // Skipped while logged out, so nothing is asked for (and answered 401) behind the login screen.
  const {
    data: list,
    isLoading,
    isFetching,
    isError,
    refetch,
  } = useGetAdminShopsQuery(shopListQuery(params), { skip: !user });
  const { data: stats, isLoading: statsLoading } = useGetBackupStatsQuery(undefined, { skip: !user });
  // Asked for here, with the page's other requests, though only its button (shown with the
  // stats) reads it: asked for by the button alone, it could go out after a quick Log out, and
  // its 401 would put the "session ended" login on this page on the way to /admin/login.
  useGetPendingRequestCountQuery(undefined, { skip: !user });
  const [logout, { isLoading: loggingOut }] = useLogoutMutation();
  const go = useCallback((path: string) => navigate(adminPath(path)), [navigate, adminPath]);

  const onLogout = async () => {
    try {
      await logout().unwrap();
      toast.success(t('dashboard.loggedOut.title'), t('dashboard.loggedOut.description'));
      // The login route drops the session's cached data once this page has gone (see AdminApp).
      // Not before: this page's guard would show its own login form first, and the route's form
      // would then replace it, losing what the admin had started to type there.
      navigate(adminPath('/login'), { replace: true, state: { loggedOut: true } });
    } catch (failure) {
      toast.error(t('common.error'), errorText(failure, t('dashboard.logoutFailed')));
    }
  };

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
      {/* The reminders sit above the stats and the actions. Until the stats' first answer the page
          shows a placeholder, not its buttons: a reminder that came later would push them down
          under a pointer already on its way, and the click would land elsewhere or nowhere. */}
      {statsLoading ? (
        <Skeleton active />
      ) : (
        <>
          <BackupReminders stats={stats} />
          <DashboardStats
            total={list?.stats.total}
            verified={list?.stats.verified}
            categories={list?.categories}
          />
          <VerificationCounts
            expiringSoon={list?.stats.expiringSoon}
            expired={list?.stats.expired}
            current={params.verification}
            onFilter={(verification) => update({ verification })}
          />

          <DashboardActions go={go} />

          {/* Focus lands here after a shop is deleted (ShopTable): its row, and the button that
              had focus, are gone. */}
          <Typography.Title level={2} style={{ fontSize: 20 }} id={SHOP_LIST_HEADING_ID} tabIndex={-1}>
            {t('dashboard.list.title')}
          </Typography.Title>
          {isLoading ? (
            <Skeleton active />
          ) : isError && !list ? (
            <Alert
              type="error"
              showIcon
              title={t('dashboard.list.loadError')}
              action={<Button onClick={() => refetch()}>{t('common.retry')}</Button>}
            />
          ) : list?.stats.total === 0 ? (
            <Card>
              <Empty
                description={
                  <Typography.Title level={3} style={{ fontSize: 18 }}>
                    {t('dashboard.empty.title')}
                  </Typography.Title>
                }
              >
                <Typography.Paragraph type="secondary">
                  {t('dashboard.empty.description')}
                </Typography.Paragraph>
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => navigate(adminPath('/shops/new'))}
                >
                  {t('dashboard.empty.add')}
                </Button>
              </Empty>
            </Card>
          ) : (
            <ShopTable list={list} fetching={isFetching} params={params} update={update} />
          )}
        </>
      )}
    </AdminPage>
  );
}

/** A full backup due (none yet, or too old) and a failed automatic backup, each with the way to Backup. */
function BackupReminders({ stats }: { stats: BackupStatsDto | undefined }) {
  const { t, i18n } = useAdminTranslation();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  if (!stats) return null;
  const dateFormat = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', {
    dateStyle: 'long',
  });
  const toBackup = (
    <Button size="small" onClick={() => navigate(adminPath('/backup'))}>
      {t('dashboard.backupReminder.action')}
    </Button>
  );
  return (
    <>
      {isBackupDue(stats.lastFullBackupAt) && (
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
          action={toBackup}
        />
      )}
      {stats.automaticBackupFailedAt && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="automatic-backup-failed"
          title={t('dashboard.backupReminder.failed', {
            date: dateFormat.format(new Date(stats.automaticBackupFailedAt)),
          })}
          action={toBackup}
        />
      )}
    </>
  );
}

/*
 * The parts of the dashboard that do not change with the list's query: memoized, so that a key
 * typed in the search box (which changes the URL, then the rows) does not render them again.
 */

interface DashboardStatsProps {
  total: number | undefined;
  verified: number | undefined;
  categories: string[] | undefined;
}

const DashboardStats = memo(function DashboardStats({ total, verified, categories }: DashboardStatsProps) {
  const { t } = useAdminTranslation();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t('dashboard.stats.total')} value={total ?? '—'} />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t('dashboard.stats.verified')} value={verified ?? '—'} />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t('dashboard.stats.categories')} value={categories ? categories.length : '—'} />
          <Typography.Text type="secondary" data-testid="first-categories">
            {categories?.length ? categories.slice(0, 3).join(', ') : t('dashboard.stats.noCategories')}
          </Typography.Text>
        </Card>
      </Col>
    </Row>
  );
});

/** The dashboard's buttons to the other screens, in order; the last one is the primary action. */
const ACTIONS = [
  { path: '/backup', icon: <DatabaseOutlined />, label: 'dashboard.actions.backup' },
  { path: '/users', icon: <TeamOutlined />, label: 'dashboard.actions.users' },
  { path: '/shops/import', icon: <FileExcelOutlined />, label: 'dashboard.actions.csv' },
  { path: '/activity', icon: <HistoryOutlined />, label: 'dashboard.actions.activity' },
  { path: '/shops/new', icon: <PlusOutlined />, label: 'dashboard.actions.add', primary: true },
] as const;

const DashboardActions = memo(function DashboardActions({ go }: { go: (path: string) => void }) {
  const { t } = useAdminTranslation();
  return (
    <Flex gap={8} wrap style={{ margin: '16px 0' }}>
      <RequestsButton onClick={() => go('/requests')} />
      {ACTIONS.map((action) => (
        <Button
          key={action.path}
          type={'primary' in action ? 'primary' : 'default'}
          icon={action.icon}
          onClick={() => go(action.path)}
        >
          {t(action.label)}
        </Button>
      ))}
    </Flex>
  );
});
