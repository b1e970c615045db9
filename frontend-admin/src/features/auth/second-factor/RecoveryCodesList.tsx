import { Alert, Button, Flex, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useToast } from '../../../app/useToast';
import { useAdminTranslation } from '../../../i18n';

interface RecoveryCodesListProps {
  codes: string[];
  headingLevel: 2 | 3;
  onDone: () => void;
}

/** The new recovery codes, shown once: copy them, then say they are saved. */
export function RecoveryCodesList({ codes, headingLevel, onDone }: RecoveryCodesListProps) {
  const { t } = useAdminTranslation();
  const toast = useToast();
  const copy = async () => {
    await navigator.clipboard?.writeText(codes.join('\n'));
    toast.success(t('mfa.enrol.copied'));
  };
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={headingLevel} style={{ fontSize: 18, margin: 0 }}>
        {t('mfa.enrol.codesTitle')}
      </Typography.Title>
      <Alert type="warning" showIcon title={t('mfa.enrol.codesIntro')} />
      <ol data-testid="recovery-codes" className="atm-recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <Typography.Text code>{code}</Typography.Text>
          </li>
        ))}
      </ol>
      <Flex gap={8} wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('mfa.enrol.copy')}
        </Button>
        <Button type="primary" onClick={onDone}>
          {t('mfa.enrol.done')}
        </Button>
      </Flex>
    </Flex>
  );
}
