import { Form, Input, Modal, Typography } from 'antd';
import { CORRECTED_FIELD } from 'contract';
import type { AdminRequestDto } from '../../api/generated';
import { useToast } from '../../app/useToast';
import { ADMIN_NS, useAdminTranslation } from '../../i18n';
import { useApproveRequestMutation, useRejectRequestMutation } from './requestsApi';
import { RequestDiff } from './RequestDiff';

/** Approve, with the proposed value editable first when the correction changes a field. */
export function ApproveDialog({ request, onClose }: { request: AdminRequestDto; onClose: () => void }) {
  const { t, i18n, errorText, fieldErrors } = useAdminTranslation();
  const toast = useToast();
  const [form] = Form.useForm<{ value: string }>();
  const [approve, { isLoading }] = useApproveRequestMutation();
  const field = request.kind ? CORRECTED_FIELD[request.kind] : undefined;
  const editable = field !== undefined;
  // A field whose value has a format of its own says how to write it.
  const hint = `requests.approve.hints.${field}`;
  const submit = async () => {
    const { value } = editable ? await form.validateFields() : { value: undefined };
    try {
      await approve({ id: request.id, approveRequestDto: editable ? { value } : {} }).unwrap();
      toast.success(t('requests.approve.done', { reference: request.reference }));
      onClose();
    } catch (failure) {
      const [field] = fieldErrors(failure, () => t('requests.approve.value'));
      if (field) form.setFields([{ name: 'value', errors: [field.text] }]);
      else toast.error(t('requests.approve.failed'), errorText(failure, '') || undefined);
    }
  };
  return (
    <Modal
      open
      title={t('requests.approve.title', { reference: request.reference })}
      okText={t('requests.actions.approve')}
      cancelText={t('common.cancel')}
      confirmLoading={isLoading}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph>{t(`requests.approve.explain.${request.kind ?? 'other'}`)}</Typography.Paragraph>
      <RequestDiff request={request} />
      {editable && (
        <Form form={form} layout="vertical" initialValues={{ value: request.proposedValue ?? '' }}>
          <Form.Item
            name="value"
            label={t('requests.approve.value')}
            extra={i18n.exists(hint, { ns: ADMIN_NS }) ? t(hint) : undefined}
          >
            <Input.TextArea autoSize maxLength={500} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** Reject, with a reason the submitter is told; `onDone` after a rejection (else `onClose`). */
export function RejectDialog({
  request,
  onClose,
  onDone = onClose,
}: {
  request: AdminRequestDto;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t, errorText } = useAdminTranslation();
  const toast = useToast();
  const [form] = Form.useForm<{ reason: string }>();
  const [reject, { isLoading }] = useRejectRequestMutation();
  const submit = async () => {
    const { reason } = await form.validateFields();
    try {
      await reject({ id: request.id, rejectRequestDto: { reason: reason || null } }).unwrap();
      toast.success(t('requests.reject.done', { reference: request.reference }));
      onDone();
    } catch (failure) {
      toast.error(t('requests.reject.failed'), errorText(failure, '') || undefined);
    }
  };
  return (
    <Modal
      open
      title={t('requests.reject.title', { reference: request.reference })}
      okText={t('requests.actions.reject')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={isLoading}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      {request.type === 'correction' && <RequestDiff request={request} />}
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={t('requests.reject.reason')}>
          <Input.TextArea autoSize maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
