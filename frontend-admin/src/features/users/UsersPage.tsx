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
  Form,
  Input,
  Modal,
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
  SafetyCertificateOutlined,
  UserAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import {
  useChangePasswordMutation,
  useCreateAdminUserMutation,
  useDeleteAdminUserMutation,
  useGetMeQuery,
  useGetAdminUsersQuery,
  useResetAdminUserPasswordMutation,
} from '../../api/adminApi';
import { apiErrorBody } from '../../api/apiError';
import type { AdminUserDto as AdminUser } from 'contract/api-types';
import { useAdminPath } from '../../app/basePath';
import { useToast } from '../../app/useToast';
import { DESTRUCTIVE_CONFIRM } from '../../app/destructiveConfirm';
import { useAdminTranslation } from '../../i18n';
import { AdminPage } from '../layout/AdminPage';
import { confirmRules, newPasswordRules } from './passwordRules';

/** /admin/users (spec section 2, Admin users). */
export function UsersPage() {
  const { t, i18n, errorText } = useAdminTranslation();
  const toast = useToast();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const { data: me } = useGetMeQuery();
  const { data: users = [], isLoading, isError, refetch } = useGetAdminUsersQuery(undefined, { skip: !me });
  const [deleteUser] = useDeleteAdminUserMutation();
  const [adding, setAdding] = useState(false);
  const [resetFor, setResetFor] = useState<AdminUser | null>(null);
  const [changing, setChanging] = useState(false);
  const lastAdmin = users.length <= 1;
  const dateFormat = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', {
    dateStyle: 'medium',
  });

  const confirmDelete = (user: AdminUser) => {
    // One's own account: say so, and what happens next (issue 15, defect 4).
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
      {resetFor && <ResetPasswordDialog user={resetFor} onClose={() => setResetFor(null)} />}
      {changing && <ChangePasswordDialog onClose={() => setChanging(false)} />}
    </AdminPage>
  );
}

interface NewAdminValues {
  username: string;
  password: string;
  confirmPassword: string;
}

function AddAdminForm({ onClose }: { onClose: () => void }) {
  const { t, errorText, fieldErrors } = useAdminTranslation();
  const toast = useToast();
  const [form] = Form.useForm<NewAdminValues>();
  const [createUser, { isLoading }] = useCreateAdminUserMutation();

  const onFinish = async ({ username, password }: NewAdminValues) => {
    try {
      // The API takes no confirmation (spec section 7): it is checked here.
      await createUser({ username: username.trim(), password }).unwrap();
      toast.success(t('users.created.title'), t('users.created.description', { name: username.trim() }));
      onClose();
    } catch (failure) {
      const labels: Record<string, string> = { username: t('login.username'), password: t('login.password') };
      form.setFields(
        fieldErrors(failure, (field) => labels[field] ?? field)
          .filter(({ field }) => field in labels)
          .map(({ field, text }) => ({ name: field as 'username' | 'password', errors: [text] })),
      );
      toast.error(t('users.createFailed.title'), errorText(failure, t('users.createFailed.fallback')));
    }
  };

  return (
    <Card title={t('users.form.title')} style={{ marginBottom: 16 }}>
      <Form form={form} layout="vertical" onFinish={onFinish} disabled={isLoading}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="username"
              label={t('login.username')}
              rules={[{ required: true, whitespace: true, message: t('validation.usernameRequired') }]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="password" label={t('login.password')} rules={newPasswordRules(t)}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="confirmPassword"
              label={t('login.confirmPassword')}
              dependencies={['password']}
              rules={confirmRules(t, 'password')}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
        <Flex gap={8} justify="flex-end">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={isLoading}>
            {isLoading ? t('users.form.creating') : t('users.form.submit')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

function ResetPasswordDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t, errorText } = useAdminTranslation();
  const toast = useToast();
  const [form] = Form.useForm<{ newPassword: string; confirmPassword: string }>();
  const [resetPassword, { isLoading }] = useResetAdminUserPasswordMutation();

  const onFinish = async (values: { newPassword: string; confirmPassword: string }) => {
    try {
      await resetPassword({ id: user.id, resetPasswordDto: values }).unwrap();
      toast.success(t('users.reset.success', { name: user.username }));
      onClose();
    } catch (failure) {
      // The title is the spec's sentence; the server's reason, when it gave one, goes below it.
      toast.error(t('users.reset.failed'), errorText(failure, '') || undefined);
    }
  };

  return (
    <Modal
      open
      title={t('users.reset.title', { name: user.username })}
      onCancel={onClose}
      okText={isLoading ? t('users.reset.resetting') : t('users.reset.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item name="newPassword" label={t('users.reset.newPassword')} rules={newPasswordRules(t)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('users.reset.confirmPassword')}
          dependencies={['newPassword']}
          rules={confirmRules(t, 'newPassword')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface ChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useAdminTranslation();
  const toast = useToast();
  const [form] = Form.useForm<ChangeValues>();
  const [changePassword, { isLoading }] = useChangePasswordMutation();

  const onFinish = async (values: ChangeValues) => {
    try {
      await changePassword(values).unwrap();
      toast.success(t('users.change.success'));
      onClose();
    } catch (failure) {
      // Spec section 8: the two known refusals go beside their field, anything else is a toast.
      const code = apiErrorBody(failure)?.code;
      if (code === 'CURRENT_PASSWORD_INCORRECT') {
        form.setFields([{ name: 'currentPassword', errors: [t('validation.currentIncorrect')] }]);
      } else if (code === 'PASSWORDS_DONT_MATCH') {
        form.setFields([{ name: 'confirmPassword', errors: [t('validation.passwordsDontMatch')] }]);
      } else {
        toast.error(t('users.change.failed'));
      }
    }
  };

  return (
    <Modal
      open
      title={t('users.change.title')}
      onCancel={onClose}
      okText={isLoading ? t('users.change.updating') : t('users.change.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item
          name="currentPassword"
          label={t('users.change.current')}
          rules={[{ required: true, message: t('validation.currentRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('users.change.newPassword')} rules={newPasswordRules(t)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('users.change.confirmPassword')}
          dependencies={['newPassword']}
          rules={confirmRules(t, 'newPassword')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
