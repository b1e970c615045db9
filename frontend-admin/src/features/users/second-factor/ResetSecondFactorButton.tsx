import { App, Button } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { AdminUserDto } from 'contract/api-types';
import { useResetAdminUserSecondFactorsMutation } from '../../../api/adminApi';
import { DESTRUCTIVE_CONFIRM } from '../../../app/destructiveConfirm';
import { useToast } from '../../../app/useToast';
import { useAdminTranslation } from '../../../i18n';

/** Resets another administrator's second factors, for one who lost their phone (after a confirmation). */
export function ResetSecondFactorButton({ user }: { user: AdminUserDto }) {
  const { t, errorText } = useAdminTranslation();
  const toast = useToast();
  const { modal } = App.useApp();
  const [reset] = useResetAdminUserSecondFactorsMutation();
  const confirm = () =>
    modal.confirm({
      title: t('mfa.reset.title', { name: user.username }),
      content: t('mfa.reset.confirm'),
      okText: t('mfa.reset.ok'),
      cancelText: t('common.cancel'),
      ...DESTRUCTIVE_CONFIRM,
      onOk: async () => {
        try {
          await reset(user.id).unwrap();
          toast.success(t('mfa.reset.done', { name: user.username }));
        } catch (failure) {
          toast.error(t('mfa.reset.failed'), errorText(failure, '') || undefined);
        }
      },
    });
  return (
    <Button
      icon={<SafetyCertificateOutlined />}
      onClick={confirm}
      aria-label={`${t('mfa.reset.button')}: ${user.username}`}
    >
      {t('mfa.reset.button')}
    </Button>
  );
}
