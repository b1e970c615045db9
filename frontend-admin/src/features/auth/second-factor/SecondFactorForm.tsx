import { Button, Divider, Form, Input } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useVerifySecondFactorMutation } from '../../../api/adminApi';
import { useToast } from '../../../app/useToast';
import { useAdminTranslation } from '../../../i18n';
import { SecondFactorPasskeyButton } from '../../passkeys/SecondFactorPasskeyButton';

interface SecondFactorFormProps {
  /** Logged in: the code was right. */
  onSuccess: () => void;
  /** Start again with another account (the password step). */
  onCancel: () => void;
  /** Shows a refusal above the form. */
  onError: (message: string | null) => void;
}

/** The second step of logging in: a passkey of the account, a code from the authenticator app, or a recovery code. */
export function SecondFactorForm({ onSuccess, onCancel, onError }: SecondFactorFormProps) {
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
      <Form.Item
        name="code"
        label={t('mfa.login.code')}
        rules={[{ required: true, whitespace: true, message: t('mfa.login.codeRequired') }]}
      >
        <Input prefix={<SafetyCertificateOutlined />} autoComplete="one-time-code" autoFocus maxLength={32} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isLoading}>
        {isLoading ? t('mfa.login.submitting') : t('mfa.login.submit')}
      </Button>
      <Divider plain>{t('login.or')}</Divider>
      <SecondFactorPasskeyButton disabled={isLoading} onSuccess={loggedIn} onFailed={passkeyFailed} />
      <Button type="link" block onClick={onCancel} style={{ marginTop: 8 }}>
        {t('mfa.login.cancel')}
      </Button>
    </Form>
  );
}
