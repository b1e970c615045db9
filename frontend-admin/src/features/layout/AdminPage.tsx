import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Flex, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router-dom';
import { MAIN_CONTENT_ID } from 'frontend-common';
import { LanguageSwitch } from './LanguageSwitch';
import { useAdminTranslation } from '../../i18n';
import { useAdminDocumentTitle } from '../../i18n/documentTitle';
import './admin.css';

interface AdminPageProps {
  /** The page's heading (its one h1) and, with the site's name, its document title. */
  title: string;
  subtitle?: ReactNode;
  /** Shows 'Back to Dashboard'; the page decides what happens (the shop form asks first). */
  onBack?: () => void;
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every admin screen: a skip link, a header (banner) with the page's h1, its actions
 * and the language switch, and the page's one `main` landmark. The page's own document title.
 *
 * After a route change to another admin page (not on the first load, whose location key is
 * 'default'; not when only the query changes), focus moves to the new page's heading, so a screen reader announces the new page
 * and Tab continues from its top instead of from the button that no longer exists.
 */
export function AdminPage({ title, subtitle, onBack, actions, children }: AdminPageProps) {
  const { t } = useAdminTranslation();
  useAdminDocumentTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);
  const { key, pathname } = useLocation();
  useEffect(() => {
    if (key !== 'default') heading.current?.focus();
    // A new page only: a page that keeps its state in the query (the dashboard's search, sort
    // and paging) must not pull focus from the search box as the typist's query reaches the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  return (
    <div className="atm-admin">
      <a href={`#${MAIN_CONTENT_ID}`} className="atm-skip-link">
        {t('common.skipLink')}
      </a>
      <header className="atm-admin__header">
        <Flex justify="space-between" align="center" wrap gap={12} className="atm-admin__bar">
          <div>
            {onBack && (
              <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack} className="atm-admin__back">
                {t('common.backToDashboard')}
              </Button>
            )}
            <Typography.Title level={1} className="atm-admin__title" ref={heading} tabIndex={-1}>
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
      <main id={MAIN_CONTENT_ID} className="atm-admin__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
