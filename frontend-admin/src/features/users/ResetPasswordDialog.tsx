import { Form, Input, Modal } from 'antd';
import { useResetAdminUserPasswordMutation } from '../../api/adminApi';
import type { AdminUserDto as AdminUser } from 'contract/api-types';
import { useToast } from '../../app/useToast';
import { useAdminTranslation } from '../../i18n';
import { confirmRules, newPasswordRules } from './passwordRules';

/** Sets a new password for another administrator (one's own goes through ChangePasswordDialog). */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
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
