import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { useConfirmTotpEnrolmentMutation, useStartTotpEnrolmentMutation } from '../../../api/adminApi';
import { useToast } from '../../../app/useToast';
import { useAdminTranslation } from '../../../i18n';
import { RecoveryCodesList } from './RecoveryCodesList';

interface TotpEnrolmentProps {
  username: string;
  /** The heading level of this step in the page or dialog around it. */
  headingLevel?: 2 | 3;
  /** The admin has seen (and saved) the recovery codes. */
  onDone: () => void;
}

/** "JBSW Y3DP EHPK 3PXP": easier to type into an app, and read out in groups by a screen reader. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up an authenticator app: a new key as a QR code and as text, confirmed by one code
 * from the app; then the recovery codes, shown this once.
 */
export function TotpEnrolment({ username, headingLevel = 2, onDone }: TotpEnrolmentProps) {
  const { t, errorText, fieldErrors } = useAdminTranslation();
  const toast = useToast();
  const [form] = Form.useForm<{ code: string }>();
  const [start, { data: enrolment, isLoading: starting, isError: startFailed, error: startError }] =
    useStartTotpEnrolmentMutation();
  const [confirm, { isLoading: confirming }] = useConfirmTotpEnrolmentMutation();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  // A new key each time this step opens; asking again replaces an unconfirmed one.
  useEffect(() => {
    void start();
  }, [start]);

  const onFinish = async ({ code }: { code: string }) => {
    try {
      const result = await confirm({ code: code.trim() }).unwrap();
      toast.success(t('mfa.enrol.success'));
      setRecoveryCodes(result.recoveryCodes);
    } catch (failure) {
      const errors = fieldErrors(failure, () => t('mfa.enrol.code'));
      form.setFields([
        {
          name: 'code',
          errors: errors.length ? errors.map((e) => e.text) : [errorText(failure, t('mfa.enrol.failed'))],
        },
      ]);
    }
  };

  if (recoveryCodes)
    return <RecoveryCodesList codes={recoveryCodes} headingLevel={headingLevel} onDone={onDone} />;
  if (startFailed) {
    return (
      <Alert
        type="error"
        showIcon
        title={errorText(startError, t('mfa.enrol.failed'))}
        action={<Button onClick={() => void start()}>{t('mfa.enrol.retry')}</Button>}
      />
    );
  }
  if (starting || !enrolment) {
    return (
      <div role="status" aria-live="polite">
        <span className="atm-visually-hidden">{t('mfa.enrol.loading')}</span>
        <Skeleton active />
      </div>
    );
  }
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={headingLevel} style={{ fontSize: 18, margin: 0 }}>
        {t('mfa.enrol.title')}
      </Typography.Title>
      <Typography.Paragraph style={{ margin: 0 }}>{t('mfa.enrol.step1')}</Typography.Paragraph>
      <img
        src={enrolment.qrCode}
        alt={t('mfa.enrol.qrAlt', { username })}
        width={200}
        height={200}
        style={{ alignSelf: 'center', imageRendering: 'pixelated' }}
      />
      <Typography.Paragraph style={{ margin: 0 }}>
        {t('mfa.enrol.secretLabel')}{' '}
        <Typography.Text code copyable={{ text: enrolment.secret }} data-testid="totp-secret">
          {grouped(enrolment.secret)}
        </Typography.Text>
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={confirming}>
        <Form.Item
          name="code"
          label={t('mfa.enrol.code')}
          rules={[{ required: true, whitespace: true, message: t('mfa.login.codeRequired') }]}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ maxWidth: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={confirming}>
          {confirming ? t('mfa.enrol.confirming') : t('mfa.enrol.confirm')}
        </Button>
      </Form>
    </Flex>
  );
}
