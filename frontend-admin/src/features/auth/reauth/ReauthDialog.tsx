import { useRef, useSyncExternalStore } from 'react';
import { Form, Input, Modal, Typography, type InputRef } from 'antd';
import { REAUTHENTICATION_WINDOW_MINUTES } from 'contract';
import { useGetMeQuery, useReauthenticateMutation } from '../../../api/adminApi';
import { apiErrorBody } from '../../../api/apiError';
import {
  isReauthenticationPending,
  settleReauthentication,
  subscribeReauthentication,
} from '../../../api/reauthentication';
import { useAdminTranslation } from '../../../i18n';
import { PasskeyReauthButton } from '../../passkeys/PasskeyReauthButton';

/**
 * "Confirm it's you": the password (or a passkey) again before a dangerous action (a restore, deleting an
 * admin, resetting another's password). Opened by any call the server answered with
 * REAUTHENTICATION_REQUIRED; the action goes on once the password is accepted.
 */
export function ReauthDialog() {
  const open = useSyncExternalStore(subscribeReauthentication, isReauthenticationPending, () => false);
  const { t, errorText } = useAdminTranslation();
  const { data: me } = useGetMeQuery();
  const [form] = Form.useForm<{ password: string }>();
  const [reauthenticate, { isLoading }] = useReauthenticateMutation();
  const passwordInput = useRef<InputRef>(null);

  const onFinish = async ({ password }: { password: string }) => {
    try {
      await reauthenticate({ password }).unwrap();
      form.resetFields();
      settleReauthentication(true);
    } catch (failure) {
      const wrong = apiErrorBody(failure)?.code === 'CURRENT_PASSWORD_INCORRECT';
      form.setFields([
        { name: 'password', errors: [wrong ? t('reauth.wrong') : errorText(failure, t('reauth.failed'))] },
      ]);
    }
  };
  const confirmedWithPasskey = () => {
    form.resetFields();
    settleReauthentication(true);
  };
  const cancel = () => {
    form.resetFields();
    settleReauthentication(false);
  };

  return (
    <Modal
      open={open}
      title={t('reauth.title')}
      okText={isLoading ? t('reauth.confirming') : t('reauth.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={cancel}
      // Once open, the cursor is in the password field.
      afterOpenChange={(isOpen) => isOpen && passwordInput.current?.focus()}
      // Above the dialog of the action that asked for it, which stays open underneath (antd
      // gives every dialog the same stacking level, so the later one in the page would win).
      styles={{ wrapper: { zIndex: 2100 }, mask: { zIndex: 2100 } }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('reauth.hint', { count: REAUTHENTICATION_WINDOW_MINUTES })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={onFinish}>
        {/* For password managers: whose password this is. */}
        <input type="hidden" name="username" autoComplete="username" value={me?.username ?? ''} readOnly />
        <Form.Item
          name="password"
          label={t('reauth.password')}
          rules={[{ required: true, message: t('validation.passwordRequired') }]}
        >
          <Input.Password ref={passwordInput} autoComplete="current-password" />
        </Form.Item>
      </Form>
      <PasskeyReauthButton
        onConfirmed={confirmedWithPasskey}
        onFailed={(message) => form.setFields([{ name: 'password', errors: [message] }])}
      />
    </Modal>
  );
}
