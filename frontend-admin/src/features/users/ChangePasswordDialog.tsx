import { Form, Input, Modal } from 'antd';
import { useChangePasswordMutation } from '../../api/adminApi';
import { apiErrorBody } from '../../api/apiError';
import { useToast } from '../../app/useToast';
import { useAdminTranslation } from '../../i18n';
import { NewPasswordFields } from './NewPasswordFields';

interface ChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Changes one's own password: the current one, then the new one twice. */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { t, fieldErrors } = useAdminTranslation();
  const toast = useToast();
  const [form] = Form.useForm<ChangeValues>();
  const [changePassword, { isLoading }] = useChangePasswordMutation();

  const onFinish = async (values: ChangeValues) => {
    try {
      await changePassword(values).unwrap();
      toast.success(t('users.change.success'));
      onClose();
    } catch (failure) {
      // The two known refusals go beside their field, anything else is a toast.
      const code = apiErrorBody(failure)?.code;
      if (code === 'CURRENT_PASSWORD_INCORRECT') {
        form.setFields([{ name: 'currentPassword', errors: [t('validation.currentIncorrect')] }]);
      } else if (code === 'PASSWORDS_DONT_MATCH') {
        form.setFields([{ name: 'confirmPassword', errors: [t('validation.passwordsDontMatch')] }]);
      } else if (code === 'WEAK_PASSWORD') {
        const [weak] = fieldErrors(failure, () => t('users.change.newPassword'));
        form.setFields([{ name: 'newPassword', errors: [weak?.text ?? ''] }]);
      } else {
        toast.error(t('users.change.failed'));
      }
    }
  };

  return (
    <Modal
      open
      title={t('users.change.title')}
      onCancel={onClose}
      okText={isLoading ? t('users.change.updating') : t('users.change.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {/* Named: its fields' ids would repeat the add-admin form's on the same page (label for). */}
      <Form form={form} name="change-password" layout="vertical" onFinish={onFinish}>
        <Form.Item
          name="currentPassword"
          label={t('users.change.current')}
          rules={[{ required: true, message: t('validation.currentRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields
          label={t('users.change.newPassword')}
          confirmLabel={t('users.change.confirmPassword')}
        />
      </Form>
    </Modal>
  );
}
