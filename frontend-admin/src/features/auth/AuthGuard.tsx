import { Suspense, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { Outlet } from 'react-router-dom';
import { useGetMeQuery } from '../../api/adminApi';
import { useAdminTranslation } from '../../i18n';
import { EnrolmentPage, LoginPage, PageLoading } from '../../app/lazyPages';
import '../layout/admin.css';

/**
 * Guards every admin route but /admin/login: a spinner while /api/auth/me
 * loads, the login screen for a visitor without a session, the page otherwise.
 *
 * When a session ends while the admin works (any 401 clears the current user, see
 * adminApi's baseQuery), the login screen is shown in place and the page stays mounted but
 * hidden, so a half-filled form is still there after logging in again.
 */
export function AuthGuard() {
  const { t } = useAdminTranslation();
  const { data: user, isLoading, isError, refetch } = useGetMeQuery();
  const [hadSession, setHadSession] = useState(false);
  // Remember that a session existed (state adjusted while rendering, not in an effect).
  if (user && !hadSession) setHadSession(true);

  if (isLoading) {
    return (
      <div className="atm-admin__center" role="status" aria-live="polite">
        <Spin size="large" />
        <span className="atm-visually-hidden" style={{ marginLeft: 12 }}>
          {t('app.checkingSession')}
        </span>
      </div>
    );
  }
  if (isError && !user && !hadSession) {
    return (
      <div className="atm-admin__center">
        <Result
          status="warning"
          title={t('app.sessionError')}
          extra={<Button onClick={() => refetch()}>{t('common.retry')}</Button>}
        />
      </div>
    );
  }
  // The policy requires a second factor this admin has not set up: nothing else until then.
  // Their own boundary: the login's code arriving never hides the page kept below it.
  const loading = <PageLoading label={t('app.loadingPage')} />;
  if (user?.pendingStep === 'enrolment')
    return (
      <Suspense fallback={loading}>
        <EnrolmentPage user={user} />
      </Suspense>
    );
  const keepPage = Boolean(user) || hadSession;
  return (
    <>
      {!user && (
        <Suspense fallback={loading}>
          <LoginPage inPlace sessionEnded={hadSession} />
        </Suspense>
      )}
      {keepPage && <div hidden={!user}>{<Outlet />}</div>}
    </>
  );
}
