import { useState } from 'react';
import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Row,
  Skeleton,
  Space,
  Statistic,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import {
  DeleteOutlined,
  KeyOutlined,
  LockOutlined,
  LogoutOutlined,
  SafetyCertificateOutlined,
  UserAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import {
  useDeleteAdminUserMutation,
  useEndAdminUserSessionsMutation,
  useGetMeQuery,
  useGetAdminUsersQuery,
} from '../../api/adminApi';
import type { AdminUserDto as AdminUser } from 'contract/api-types';
import { useAdminPath } from '../../app/basePath';
import { useToast } from '../../app/useToast';
import { DESTRUCTIVE_CONFIRM } from '../../app/destructiveConfirm';
import { useAdminTranslation } from '../../i18n';
import { AdminPage } from '../layout/AdminPage';
import { AddAdminForm } from './AddAdminForm';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { MySessionsCard } from './sessions/MySessionsCard';
import { ResetSecondFactorButton } from './second-factor/ResetSecondFactorButton';
import { SecondFactorCard } from './second-factor/SecondFactorCard';
import { MyPasskeysCard } from '../passkeys/MyPasskeysCard';

/** /admin/users: the administrators, adding one, resetting another's password, changing one's own. */
export function UsersPage() {
  const { t, i18n, errorText } = useAdminTranslation();
  const toast = useToast();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const { data: me } = useGetMeQuery();
  const { data: users = [], isLoading, isError, refetch } = useGetAdminUsersQuery(undefined, { skip: !me });
  const [deleteUser] = useDeleteAdminUserMutation();
  const [endSessions] = useEndAdminUserSessionsMutation();
  const [adding, setAdding] = useState(false);
  const [resetFor, setResetFor] = useState<AdminUser | null>(null);
  const [changing, setChanging] = useState(false);
  const lastAdmin = users.length <= 1;
  const dateFormat = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', {
    dateStyle: 'medium',
  });

  const confirmDelete = (user: AdminUser) => {
    // One's own account: say so, and what happens next.
    const own = user.id === me?.id;
    modal.confirm({
      title: own ? t('users.delete.ownTitle') : t('users.delete.title'),
      content: own
        ? t('users.delete.ownConfirm', { name: user.username })
        : t('users.delete.confirm', { name: user.username }),
      okText: own ? t('users.delete.ownOk') : t('common.delete'),
      ...DESTRUCTIVE_CONFIRM,
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await deleteUser(user.id).unwrap();
          if (own) {
            toast.success(t('users.delete.ownDone.title'), t('users.delete.ownDone.description'));
            // As after a logout: the login page, which drops this session's data (AdminApp).
            navigate(adminPath('/login'), { replace: true, state: { loggedOut: true } });
          } else toast.success(t('users.delete.success'));
        } catch (failure) {
          toast.error(t('users.delete.failed.title'), errorText(failure, t('users.delete.failed.fallback')));
        }
      },
    });
  };

  const confirmEndSessions = (user: AdminUser) =>
    modal.confirm({
      title: t('users.endSessions.title', { name: user.username }),
      content: t('users.endSessions.confirm', { name: user.username }),
      okText: t('users.endSessions.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const { ended } = await endSessions(user.id).unwrap();
          toast.success(t('users.endSessions.done', { count: ended, name: user.username }));
        } catch (failure) {
          toast.error(t('users.endSessions.failed'), errorText(failure, '') || undefined);
        }
      },
    });

  return (
    <AdminPage
      title={t('users.title')}
      subtitle={t('users.subtitle')}
      onBack={() => navigate(adminPath())}
      actions={
        <Button icon={<KeyOutlined />} onClick={() => setChanging(true)}>
          {t('users.change.button')}
        </Button>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('users.summary.total')} value={isLoading ? '—' : users.length} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            {/* Fixed at 1 by the spec: the server does not report other admins' sessions. */}
            <Statistic title={t('users.summary.sessions')} value={1} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic
              title={t('users.summary.security')}
              valueRender={() => (
                <Tag color="success" icon={<SafetyCertificateOutlined />}>
                  {t('users.summary.secure')}
                </Tag>
              )}
            />
          </Card>
        </Col>
      </Row>

      <Flex justify="flex-end" style={{ margin: '16px 0' }}>
        {!adding && (
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
            {t('users.add')}
          </Button>
        )}
      </Flex>
      {adding && <AddAdminForm onClose={() => setAdding(false)} />}

      {isLoading ? (
        <Skeleton active />
      ) : isError ? (
        <Alert
          type="error"
          showIcon
          title={t('users.loadError')}
          action={<Button onClick={() => refetch()}>{t('common.retry')}</Button>}
        />
      ) : users.length === 0 ? (
        <Empty description={t('users.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {users.map((user) => {
            const isMe = user.id === me?.id;
            return (
              <Col xs={24} md={12} key={user.id}>
                <Card data-testid="admin-card">
                  <Flex justify="space-between" gap={12} wrap>
                    <Space align="start">
                      <UserOutlined style={{ fontSize: 24 }} aria-hidden />
                      <div>
                        <Space wrap>
                          <Typography.Text strong>{user.username}</Typography.Text>
                          {isMe && <Tag color="blue">{t('users.card.you')}</Tag>}
                          <Badge status="success" text={t('users.card.active')} />
                        </Space>
                        <div>{t('users.card.access')}</div>
                        <Typography.Text type="secondary">
                          {t('users.card.accessDescription')}
                        </Typography.Text>
                        <div>
                          <Typography.Text type="secondary">
                            {t('users.card.since', { date: dateFormat.format(new Date(user.createdAt)) })}
                          </Typography.Text>
                        </div>
                      </div>
                    </Space>
                    <Space orientation="vertical" align="end">
                      {!isMe && (
                        <Button
                          icon={<LockOutlined />}
                          onClick={() => setResetFor(user)}
                          aria-label={`${t('users.reset.button')}: ${user.username}`}
                        >
                          {t('users.reset.button')}
                        </Button>
                      )}
                      {!isMe && (
                        <Button
                          icon={<LogoutOutlined />}
                          onClick={() => confirmEndSessions(user)}
                          aria-label={`${t('users.endSessions.button')}: ${user.username}`}
                        >
                          {t('users.endSessions.button')}
                        </Button>
                      )}
                      {!isMe && <ResetSecondFactorButton user={user} />}
                      <Tooltip title={lastAdmin ? t('users.delete.lastAdmin') : undefined}>
                        <Button
                          danger
                          icon={<DeleteOutlined />}
                          disabled={lastAdmin}
                          onClick={() => confirmDelete(user)}
                          aria-label={`${t('users.delete.button')}: ${user.username}`}
                        >
                          {t('users.delete.button')}
                        </Button>
                      </Tooltip>
                      {lastAdmin && (
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {t('users.delete.lastAdmin')}
                        </Typography.Text>
                      )}
                    </Space>
                  </Flex>
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
      {me && <SecondFactorCard />}
      {me && <MyPasskeysCard />}
      {me && <MySessionsCard />}
      {resetFor && <ResetPasswordDialog user={resetFor} onClose={() => setResetFor(null)} />}
      {changing && <ChangePasswordDialog onClose={() => setChanging(false)} />}
    </AdminPage>
  );
}
