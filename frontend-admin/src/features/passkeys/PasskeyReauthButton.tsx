import { Button } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import {
  useGetMyPasskeysQuery,
  useGetPasskeyAuthenticationOptionsMutation,
  useReauthenticateWithPasskeyMutation,
} from '../../api/adminApi';
import { useAdminTranslation } from '../../i18n';
import { passkeyFailureText, signWithPasskey } from './passkeyCeremony';

interface PasskeyReauthButtonProps {
  onConfirmed: () => void;
  onFailed: (message: string) => void;
}

/** "Confirm it's you" with one of one's passkeys instead of the password; shown only to admins who have one. */
export function PasskeyReauthButton({ onConfirmed, onFailed }: PasskeyReauthButtonProps) {
  const { t, errorText } = useAdminTranslation();
  const { data: passkeys = [] } = useGetMyPasskeysQuery();
  const [getOptions, { isLoading: asking }] = useGetPasskeyAuthenticationOptionsMutation();
  const [reauthenticate, { isLoading: confirming }] = useReauthenticateWithPasskeyMutation();
  if (passkeys.length === 0) return null;

  const start = async () => {
    try {
      const { options } = await getOptions().unwrap();
      await reauthenticate({ credential: await signWithPasskey(options) }).unwrap();
      onConfirmed();
    } catch (failure) {
      onFailed(passkeyFailureText(t, errorText, failure, t('reauth.passkeyFailed')));
    }
  };

  return (
    <Button block icon={<KeyOutlined />} onClick={start} loading={asking || confirming}>
      {t('reauth.usePasskey')}
    </Button>
  );
}
