import { useState } from 'react';
import { Button, Card, Divider, Flex, Typography } from 'antd';
import { KeyOutlined, LogoutOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { CurrentAdminDto } from 'contract/api-types';
import { MAIN_CONTENT_ID } from 'frontend-common';
import { adminApi, forgetSession, useLogoutMutation } from '../../../api/adminApi';
import { useAppDispatch } from '../../../app/hooks';
import { useAdminPath } from '../../../app/basePath';
import { useAdminTranslation } from '../../../i18n';
import { useAdminDocumentTitle } from '../../../i18n/documentTitle';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { AddPasskeyDialog } from '../../passkeys/AddPasskeyDialog';
import { TotpEnrolment } from './TotpEnrolment';
import '../../layout/admin.css';

/**
 * Shown instead of every admin page while the policy requires a second factor this admin has
 * not set up: the server refuses everything else until one exists.
 */
export function EnrolmentPage({ user }: { user: CurrentAdminDto }) {
  const { t } = useAdminTranslation();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const dispatch = useAppDispatch();
  const [logout] = useLogoutMutation();
  const [addingPasskey, setAddingPasskey] = useState(false);
  useAdminDocumentTitle(t('mfa.enrol.pageTitle'));

  // getMe no longer says "enrolment" once a factor exists: the pages open.
  const enrolled = () => {
    dispatch(adminApi.util.invalidateTags(['Me']));
    navigate(adminPath(), { replace: true });
  };

  const leave = async () => {
    await logout().catch(() => undefined);
    forgetSession(dispatch);
    navigate(adminPath('/login'), { replace: true, state: { loggedOut: true } });
  };

  return (
    <div className="atm-admin">
      <header>
        <Flex justify="flex-end" gap={8} className="atm-admin__bar">
          <LanguageSwitch />
          <Button icon={<LogoutOutlined />} onClick={() => void leave()}>
            {t('mfa.logout')}
          </Button>
        </Flex>
      </header>
      <main id={MAIN_CONTENT_ID} className="atm-admin__center">
        <Card className="atm-admin__enrolment">
          <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
            {t('mfa.enrol.pageTitle')}
          </Typography.Title>
          <Typography.Paragraph>{t('mfa.enrol.pageIntro')}</Typography.Paragraph>
          <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
            {t('mfa.enrol.passkeyTitle')}
          </Typography.Title>
          <Typography.Paragraph>{t('mfa.enrol.passkeyHint')}</Typography.Paragraph>
          <Button type="primary" icon={<KeyOutlined />} onClick={() => setAddingPasskey(true)}>
            {t('passkeys.add')}
          </Button>
          <Divider plain>{t('login.or')}</Divider>
          {/* Done once the recovery codes are saved. */}
          <TotpEnrolment username={user.username} onDone={enrolled} />
        </Card>
        {addingPasskey && <AddPasskeyDialog onClose={() => setAddingPasskey(false)} onAdded={enrolled} />}
      </main>
    </div>
  );
}
