import { Form, Input, Modal, Typography, type InputRef } from 'antd';
import { useRef } from 'react';
import { MAX_PASSKEY_NAME_LENGTH } from 'contract';
import { useAddPasskeyMutation, useGetPasskeyRegistrationOptionsMutation } from '../../api/adminApi';
import { apiFieldErrors } from '../../api/apiError';
import { useToast } from '../../app/useToast';
import { useAdminTranslation } from '../../i18n';
import { createPasskey, passkeyFailureText } from './passkeyCeremony';

/**
 * Names a new passkey, then lets the browser make it: the server's options, the device's
 * confirmation, and the server's check. A refusal stays in the dialog, beside the name when it
 * is about the name.
 */
export function AddPasskeyDialog({
  onClose,
  onAdded = onClose,
}: {
  onClose: () => void;
  /** The passkey is registered (the dialog is done); closes it unless told otherwise. */
  onAdded?: () => void;
}) {
  const { t, errorText, fieldErrors } = useAdminTranslation();
  const toast = useToast();
  const [form] = Form.useForm<{ name: string }>();
  const nameInput = useRef<InputRef>(null);
  const [getOptions, { isLoading: asking }] = useGetPasskeyRegistrationOptionsMutation();
  const [addPasskey, { isLoading: adding }] = useAddPasskeyMutation();
  const busy = asking || adding;

  const onFinish = async ({ name }: { name: string }) => {
    try {
      const { options } = await getOptions().unwrap();
      const credential = await createPasskey(options);
      const added = await addPasskey({ name, credential }).unwrap();
      toast.success(t('passkeys.added', { name: added.name }));
      onAdded();
    } catch (failure) {
      if (apiFieldErrors(failure).some((entry) => entry.field === 'name')) {
        const [entry] = fieldErrors(failure, () => t('passkeys.name'));
        form.setFields([{ name: 'name', errors: [entry?.text ?? ''] }]);
        return;
      }
      form.setFields([
        { name: 'name', errors: [passkeyFailureText(t, errorText, failure, t('passkeys.addFailed'))] },
      ]);
    }
  };

  return (
    <Modal
      open
      title={t('passkeys.addTitle')}
      okText={busy ? t('passkeys.creating') : t('passkeys.create')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterOpenChange={(isOpen) => isOpen && nameInput.current?.focus()}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('passkeys.addHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item
          name="name"
          label={t('passkeys.name')}
          rules={[
            { required: true, whitespace: true, message: t('passkeys.nameRequired') },
            {
              max: MAX_PASSKEY_NAME_LENGTH,
              message: t('passkeys.nameTooLong', { max: MAX_PASSKEY_NAME_LENGTH }),
            },
          ]}
        >
          <Input ref={nameInput} placeholder={t('passkeys.namePlaceholder')} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
