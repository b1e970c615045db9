import type { ReactNode } from 'react';
import { Button, Flex, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { LanguageSwitch } from './LanguageSwitch';
import { useAdminTranslation } from '../../i18n';
import './admin.css';

interface AdminPageProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Shows 'Back to Dashboard'; the page decides what happens (the shop form asks first). */
  onBack?: () => void;
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of every admin screen: a header with title, actions and the language switch. */
export function AdminPage({ title, subtitle, onBack, actions, children }: AdminPageProps) {
  const { t } = useAdminTranslation();
  return (
    <div className="atm-admin">
      <header className="atm-admin__header">
        <Flex justify="space-between" align="center" wrap gap={12} className="atm-admin__bar">
          <div>
            {onBack && (
              <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack} className="atm-admin__back">
                {t('common.backToDashboard')}
              </Button>
            )}
            <Typography.Title level={1} className="atm-admin__title">
              {title}
            </Typography.Title>
            {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
          </div>
          <Flex gap={8} align="center" wrap>
            {actions}
            <LanguageSwitch />
          </Flex>
        </Flex>
      </header>
      <main className="atm-admin__main">{children}</main>
    </div>
  );
}
