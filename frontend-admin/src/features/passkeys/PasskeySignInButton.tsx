import { Button } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import type { AdminUserDto } from 'contract/api-types';
import { useGetPasskeyAuthenticationOptionsMutation, useSignInWithPasskeyMutation } from '../../api/adminApi';
import { useAdminTranslation } from '../../i18n';
import { passkeyFailureText, signWithPasskey } from './passkeyCeremony';

interface PasskeySignInButtonProps {
  disabled?: boolean;
  onSignedIn: (user: AdminUserDto) => void;
  /** The sentence to show for a sign-in that did not happen. */
  onFailed: (message: string) => void;
}

/** "Sign in with a passkey": no username, the device offers the passkeys it holds for this site. */
export function PasskeySignInButton({ disabled, onSignedIn, onFailed }: PasskeySignInButtonProps) {
  const { t, errorText } = useAdminTranslation();
  const [getOptions, { isLoading: asking }] = useGetPasskeyAuthenticationOptionsMutation();
  const [signIn, { isLoading: signingIn }] = useSignInWithPasskeyMutation();

  const start = async () => {
    try {
      const { options } = await getOptions().unwrap();
      const credential = await signWithPasskey(options);
      onSignedIn(await signIn({ credential }).unwrap());
    } catch (failure) {
      onFailed(passkeyFailureText(t, errorText, failure, t('login.passkeyFailed')));
    }
  };

  return (
    <Button block icon={<KeyOutlined />} onClick={start} loading={asking || signingIn} disabled={disabled}>
      {t('login.passkey')}
    </Button>
  );
}
