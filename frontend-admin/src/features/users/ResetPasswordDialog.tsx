import { Form, Modal } from 'antd';
import { useResetAdminUserPasswordMutation } from '../../api/adminApi';
import type { AdminUserDto as AdminUser } from 'contract/api-types';
import { useToast } from '../../app/useToast';
import { useAdminTranslation } from '../../i18n';
import { NewPasswordFields } from './NewPasswordFields';

/** Sets a new password for another administrator (one's own goes through ChangePasswordDialog). */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t, errorText, fieldErrors } = useAdminTranslation();
  const toast = useToast();
  const [form] = Form.useForm<{ newPassword: string; confirmPassword: string }>();
  const [resetPassword, { isLoading }] = useResetAdminUserPasswordMutation();

  const onFinish = async (values: { newPassword: string; confirmPassword: string }) => {
    try {
      await resetPassword({ id: user.id, resetPasswordDto: values }).unwrap();
      toast.success(t('users.reset.success', { name: user.username }));
      onClose();
    } catch (failure) {
      // A refused new password (too easy to guess) is also said beside its field.
      form.setFields(
        fieldErrors(failure, () => t('users.reset.newPassword'))
          .filter(({ field }) => field === 'newPassword')
          .map(({ text }) => ({ name: 'newPassword' as const, errors: [text] })),
      );
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
        <NewPasswordFields
          label={t('users.reset.newPassword')}
          confirmLabel={t('users.reset.confirmPassword')}
        />
      </Form>
    </Modal>
  );
}
