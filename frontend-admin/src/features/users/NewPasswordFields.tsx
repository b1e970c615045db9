import { Form, Input } from 'antd';
import { useAdminTranslation } from '../../i18n';
import { confirmRules, newPasswordRules } from './passwordRules';

/**
 * A new password typed twice (fields `newPassword` and `confirmPassword`), with the password
 * rules and the match check: what resetting another's password and changing one's own share.
 */
export function NewPasswordFields({ label, confirmLabel }: { label: string; confirmLabel: string }) {
  const { t } = useAdminTranslation();
  return (
    <>
      <Form.Item name="newPassword" label={label} rules={newPasswordRules(t)}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={confirmLabel}
        dependencies={['newPassword']}
        rules={confirmRules(t, 'newPassword')}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
