import { useState } from 'react';
import { Alert, Button, Card, Divider, Flex, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { MAIN_CONTENT_ID } from 'frontend-common';
import {
  useCreateAdminMutation,
  useGetAuthStatusQuery,
  useLoginMutation,
  useLogoutMutation,
} from '../../api/adminApi';
import { apiErrorBody } from '../../api/apiError';
import { useAdminPath } from '../../app/basePath';
import { useToast } from '../../app/useToast';
import { useAdminTranslation } from '../../i18n';
import { useAdminDocumentTitle } from '../../i18n/documentTitle';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { PasskeySignInButton } from '../passkeys/PasskeySignInButton';
import '../layout/admin.css';
import { SecondFactorForm, secondStepSubtitleKey } from './second-factor/SecondFactorForm';

type Mode = 'login' | 'create';
interface LoginValues {
  username: string;
  password: string;
  confirmPassword?: string;
}

interface LoginPageProps {
  /**
   * Shown by the route guard in place of a protected page: a successful login then stays on
   * that page (which was kept mounted) instead of going to the dashboard.
   */
  inPlace?: boolean;
  /** The session ended while the admin was working (a 401). */
  sessionEnded?: boolean;
}

/** /admin/login: log in, or create the first administrator. */
export function LoginPage({ inPlace = false, sessionEnded = false }: LoginPageProps) {
  const { t, errorText } = useAdminTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const [form] = Form.useForm<LoginValues>();
  const [chosenMode, setMode] = useState<Mode>('login');
  const [error, setError] = useState<string | null>(null);
  const [login, { isLoading: loggingIn }] = useLoginMutation();
  const [createAdmin, { isLoading: creating }] = useCreateAdminMutation();
  // Creating an account here is only for the first administrator: the
  // server says whether one exists, and the offer stays hidden until it has said no.
  const { data: status, refetch: refetchStatus } = useGetAuthStatusQuery();
  const canCreateFirstAdmin = status?.adminExists === false;
  // Create mode ends by itself once an admin exists (someone else created the first one).
  const mode = canCreateFirstAdmin ? chosenMode : 'login';
  // The password was right; the account's second factor is still to come.
  const secondStep = status?.secondFactorPending === true;
  const [logout] = useLogoutMutation();
  const title = secondStep
    ? t('mfa.login.title')
    : mode === 'login'
      ? t('login.title')
      : t('login.createTitle');
  useAdminDocumentTitle(title);

  const switchMode = () => {
    form.resetFields();
    setError(null);
    setMode((m) => (m === 'login' ? 'create' : 'login'));
  };

  const loggedIn = () => {
    toast.success(t('login.success.title'), t('login.success.description'));
    if (!inPlace) navigate(adminPath(), { replace: true });
  };
  const passkeyFailed = (message: string) => {
    setError(message);
    toast.error(t('login.passkeyFailed'), message);
  };

  const onFinish = async (values: LoginValues) => {
    setError(null);
    if (mode === 'login') {
      try {
        const result = await login({ username: values.username, password: values.password }).unwrap();
        if (result.pendingStep === 'second-factor') return; // the code step follows (status refetched)
        // Under the policy without a factor nothing is open yet: the enrolment page says so, no "welcome".
        if (result.pendingStep === 'enrolment') {
          if (!inPlace) navigate(adminPath(), { replace: true });
          return;
        }
        loggedIn();
      } catch (failure) {
        const message = errorText(failure, t('login.failed.fallback'));
        setError(message);
        toast.error(t('login.failed.title'), message);
      }
      return;
    }
    try {
      await createAdmin({
        username: values.username,
        password: values.password,
        confirmPassword: values.confirmPassword,
      }).unwrap();
      toast.success(t('login.created.title'), t('login.created.description'));
      // Creating the first admin does not log in: back to login mode, fields cleared.
      form.resetFields();
      setMode('login');
    } catch (failure) {
      toast.error(t('common.error'), errorText(failure, t('login.createFailed')));
      // Someone else created the first admin meanwhile: stop offering it.
      if (apiErrorBody(failure)?.code === 'ADMIN_ALREADY_EXISTS') void refetchStatus();
    }
  };

  const busy = loggingIn || creating;
  return (
    <div className="atm-admin">
      <header>
        <Flex justify="flex-end" className="atm-admin__bar">
          <LanguageSwitch />
        </Flex>
      </header>
      <main id={MAIN_CONTENT_ID} className="atm-admin__center">
        <Card className="atm-admin__login">
          <Typography.Title level={1} style={{ fontSize: 24, textAlign: 'center', marginTop: 0 }}>
            {title}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
            {secondStep
              ? t(secondStepSubtitleKey(status?.secondFactorMethods))
              : mode === 'login'
                ? t('login.subtitle')
                : t('login.createSubtitle')}
          </Typography.Paragraph>
          {sessionEnded && mode === 'login' && !error && (
            <Alert type="info" showIcon title={t('login.sessionEnded')} style={{ marginBottom: 16 }} />
          )}
          {error && (
            <Alert
              type="error"
              showIcon
              title={error}
              data-testid="login-error"
              style={{ marginBottom: 16 }}
            />
          )}
          {secondStep && (
            <SecondFactorForm
              methods={status?.secondFactorMethods}
              onError={setError}
              onSuccess={() => {
                if (!inPlace) navigate(adminPath(), { replace: true });
              }}
              onCancel={() => {
                setError(null);
                void logout().finally(() => refetchStatus());
              }}
            />
          )}
          <Form
            form={form}
            layout="vertical"
            onFinish={onFinish}
            requiredMark={false}
            disabled={busy}
            hidden={secondStep}
          >
            <Form.Item
              name="username"
              label={t('login.username')}
              rules={[{ required: true, whitespace: true, message: t('validation.usernameRequired') }]}
            >
              <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('login.password')}
              rules={[{ required: true, message: t('validation.passwordRequired') }]}
            >
              <Input.Password
                prefix={<LockOutlined />}
                autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
              />
            </Form.Item>
            {mode === 'create' && (
              <Form.Item
                name="confirmPassword"
                label={t('login.confirmPassword')}
                dependencies={['password']}
                rules={[
                  { required: true, message: t('validation.confirmRequired') },
                  ({ getFieldValue }) => ({
                    validator: (_, value) =>
                      !value || value === getFieldValue('password')
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('validation.passwordsDontMatch'))),
                  }),
                ]}
              >
                <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" block loading={busy}>
              {mode === 'login'
                ? loggingIn
                  ? t('login.submitting')
                  : t('login.submit')
                : creating
                  ? t('login.creating')
                  : t('login.createSubmit')}
            </Button>
          </Form>
          {mode === 'login' && !secondStep && (
            <>
              <Divider plain>{t('login.or')}</Divider>
              <PasskeySignInButton
                disabled={busy}
                onSignedIn={() => {
                  setError(null);
                  loggedIn();
                }}
                onFailed={passkeyFailed}
              />
            </>
          )}
          {canCreateFirstAdmin && !secondStep && (
            <Button type="link" block onClick={switchMode} disabled={busy} style={{ marginTop: 8 }}>
              {mode === 'login' ? t('login.toggleCreate') : t('login.toggleLogin')}
            </Button>
          )}
        </Card>
      </main>
    </div>
  );
}
