import { Button } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { AdminUserDto } from 'contract/api-types';
import { useResetAdminUserSecondFactorsMutation } from '../../../api/adminApi';
import { useConfirmRemoval } from '../../../app/useConfirmRemoval';
import { useAdminTranslation } from '../../../i18n';

/** Resets another administrator's second factors, for one who lost their phone (after a confirmation). */
export function ResetSecondFactorButton({ user }: { user: AdminUserDto }) {
  const { t } = useAdminTranslation();
  const confirmRemoval = useConfirmRemoval();
  const [reset] = useResetAdminUserSecondFactorsMutation();
  const confirm = () =>
    confirmRemoval({
      title: t('mfa.reset.title', { name: user.username }),
      content: t('mfa.reset.confirm'),
      okText: t('mfa.reset.ok'),
      remove: () => reset(user.id).unwrap(),
      done: t('mfa.reset.done', { name: user.username }),
      failed: t('mfa.reset.failed'),
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
