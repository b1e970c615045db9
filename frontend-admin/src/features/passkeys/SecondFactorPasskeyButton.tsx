import { Button } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import {
  useGetSecondFactorPasskeyOptionsMutation,
  useVerifySecondFactorPasskeyMutation,
} from '../../api/adminApi';
import { useAdminTranslation } from '../../i18n';
import { passkeyFailureText, signWithPasskey } from './passkeyCeremony';

interface SecondFactorPasskeyButtonProps {
  disabled?: boolean;
  /** The only way the account has: the main button of the step, focused on arrival. */
  primary?: boolean;
  /** Logged in: the passkey belongs to the account whose password was given. */
  onSuccess: () => void;
  /** The sentence to show for a step that did not finish. */
  onFailed: (message: string) => void;
}

/** "Use a passkey" after the password: the device offers only the passkeys of that account. */
export function SecondFactorPasskeyButton({
  disabled,
  primary = false,
  onSuccess,
  onFailed,
}: SecondFactorPasskeyButtonProps) {
  const { t, errorText } = useAdminTranslation();
  const [getOptions, { isLoading: asking }] = useGetSecondFactorPasskeyOptionsMutation();
  const [verify, { isLoading: verifying }] = useVerifySecondFactorPasskeyMutation();

  const start = async () => {
    try {
      const { options } = await getOptions().unwrap();
      const credential = await signWithPasskey(options);
      await verify({ credential }).unwrap();
      onSuccess();
    } catch (failure) {
      onFailed(passkeyFailureText(t, errorText, failure, t('mfa.login.passkeyFailed')));
    }
  };

  return (
    <Button
      block
      type={primary ? 'primary' : 'default'}
      autoFocus={primary}
      icon={<KeyOutlined />}
      onClick={start}
      loading={asking || verifying}
      disabled={disabled}
    >
      {t('mfa.login.passkey')}
    </Button>
  );
}
