import { Button, Divider, Form, Input } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useVerifySecondFactorMutation } from '../../../api/adminApi';
import type { SecondFactorMethod } from '../../../api/generated';
import { useToast } from '../../../app/useToast';
import { useAdminTranslation } from '../../../i18n';
import { SecondFactorPasskeyButton } from '../../passkeys/SecondFactorPasskeyButton';

/**
 * Which controls the second step shows: the ways the server says the account has. Without that
 * answer (or with none), both, so nobody is left without a way to finish.
 */
export function secondStepWays(methods: readonly SecondFactorMethod[] | undefined) {
  if (!methods?.length) return { code: true, passkey: true };
  return { code: methods.includes('code'), passkey: methods.includes('passkey') };
}

/** The line under the title: it names only the ways the account has. */
export function secondStepSubtitleKey(methods: readonly SecondFactorMethod[] | undefined) {
  const ways = secondStepWays(methods);
  if (!ways.passkey) return 'mfa.login.subtitleCode';
  if (!ways.code) return 'mfa.login.subtitlePasskey';
  return 'mfa.login.subtitle';
}

interface SecondFactorFormProps {
  /** The ways the account can give its second factor, as the server said. */
  methods?: readonly SecondFactorMethod[];
  /** Logged in: the code was right. */
  onSuccess: () => void;
  /** Start again with another account (the password step). */
  onCancel: () => void;
  /** Shows a refusal above the form. */
  onError: (message: string | null) => void;
}

/**
 * The second step of logging in: a passkey of the account, a code from the authenticator app, or
 * a recovery code; only the ways the account has, so a passkey-only admin never meets a code field.
 */
export function SecondFactorForm({ methods, onSuccess, onCancel, onError }: SecondFactorFormProps) {
  const ways = secondStepWays(methods);
  const { t, errorText } = useAdminTranslation();
  const toast = useToast();
  const [form] = Form.useForm<{ code: string }>();
  const [verify, { isLoading }] = useVerifySecondFactorMutation();

  const loggedIn = () => {
    onError(null);
    toast.success(t('login.success.title'), t('login.success.description'));
    onSuccess();
  };
  const passkeyFailed = (message: string) => {
    onError(message);
    toast.error(t('mfa.login.failed'), message);
  };

  const onFinish = async ({ code }: { code: string }) => {
    onError(null);
    try {
      await verify({ code: code.trim() }).unwrap();
      loggedIn();
    } catch (failure) {
      const message = errorText(failure, t('mfa.login.failed'));
      onError(message);
      toast.error(t('mfa.login.failed'), message);
      form.resetFields();
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={isLoading}>
      {ways.code && (
        <>
          <Form.Item
            name="code"
            label={t('mfa.login.code')}
            rules={[{ required: true, whitespace: true, message: t('mfa.login.codeRequired') }]}
          >
            <Input
              prefix={<SafetyCertificateOutlined />}
              autoComplete="one-time-code"
              autoFocus
              maxLength={32}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isLoading}>
            {isLoading ? t('mfa.login.submitting') : t('mfa.login.submit')}
          </Button>
        </>
      )}
      {ways.code && ways.passkey && <Divider plain>{t('login.or')}</Divider>}
      {ways.passkey && (
        <SecondFactorPasskeyButton
          primary={!ways.code}
          disabled={isLoading}
          onSuccess={loggedIn}
          onFailed={passkeyFailed}
        />
      )}
      <Button type="link" block onClick={onCancel} style={{ marginTop: 8 }}>
        {t('mfa.login.cancel')}
      </Button>
    </Form>
  );
}
