import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Provider } from 'react-redux';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { AdminProviders } from './app/AdminProviders';
import { BasePathContext, useAdminPath } from './app/basePath';
import { getPageStore, type AppStore } from './app/store';
import { forgetSession, useGetMeQuery } from './api/adminApi';
import { useAppDispatch } from './app/hooks';
import { AuthGuard } from './features/auth/AuthGuard';
import { isReauthenticationPending, subscribeReauthentication } from './api/reauthentication';
import { DashboardPage } from './features/dashboard/DashboardPage';
import {
  ActivityPage,
  BackupPage,
  ListingRequestPage,
  LoginPage,
  PageLoading,
  ReauthDialog,
  RequestsPage,
  ShopFormPage,
  ShopsCsvPage,
  UsersPage,
} from './app/lazyPages';
import { MAIN_CONTENT_ID } from 'frontend-common';
import { registerAdminTranslations, useAdminTranslation } from './i18n';
import { useAdminDocumentTitle } from './i18n/documentTitle';

registerAdminTranslations();

export interface AdminAppProps {
  /** Where the shell mounted the admin ('/admin'); the remote never owns a router. */
  basePath?: string;
  /** For tests: a fresh store instead of the page's one. */
  store?: AppStore;
}

/** /admin/login: an admin who is already logged in goes straight to the dashboard. */
function LoginRoute() {
  const adminPath = useAdminPath();
  const dispatch = useAppDispatch();
  const { state } = useLocation();
  const loggedOut = Boolean((state as { loggedOut?: boolean } | null)?.loggedOut);
  const { data: user } = useGetMeQuery();
  useEffect(() => {
    // After a logout, and only once the admin pages have unmounted (so none asks again).
    if (loggedOut) forgetSession(dispatch);
  }, [loggedOut, dispatch]);
  // Right after a logout the cached user is still there until the effect above drops it: that
  // admin has just logged out, so this is the login form, not a way back to the dashboard.
  return user && !loggedOut ? <Navigate to={adminPath()} replace /> : <LoginPage />;
}

function AdminNotFound() {
  const { t } = useAdminTranslation();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  useAdminDocumentTitle(t('notFound.title'));
  return (
    <main id={MAIN_CONTENT_ID}>
      <Result
        status="404"
        title={<h1 className="atm-admin__not-found-title">{t('notFound.title')}</h1>}
        extra={
          <Button type="primary" onClick={() => navigate(adminPath())}>
            {t('notFound.back')}
          </Button>
        }
      />
    </main>
  );
}

/**
 * The exposed entry of the admin remote (`admin/App`), rendered by the shell under /admin/*.
 * It brings its own Redux store and antd providers (antd is not shared), and adds the
 * `admin` namespace to the page's one i18next instance.
 */
export default function AdminApp({ basePath = '/admin', store }: AdminAppProps) {
  const [ownStore] = useState(() => store ?? getPageStore());
  return (
    <Provider store={ownStore}>
      <BasePathContext.Provider value={basePath}>
        <AdminProviders>
          <AdminRoutes />
          <ReauthDialogOnceAsked />
        </AdminProviders>
      </BasePathContext.Provider>
    </Provider>
  );
}

/**
 * "Confirm it's you", mounted from the first time an action asks for it: its form and passkey
 * code arrive then (the screens whose actions ask for it are loaded on demand too).
 */
function ReauthDialogOnceAsked() {
  const asked = useSyncExternalStore(subscribeReauthentication, isReauthenticationPending, () => false);
  const [mounted, setMounted] = useState(false);
  if (asked && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <ReauthDialog />
    </Suspense>
  ) : null;
}

/** The admin's screens; all but the dashboard arrive when first opened (app/lazyPages.tsx). */
function AdminRoutes() {
  const { t } = useAdminTranslation();
  return (
    <Suspense fallback={<PageLoading label={t('app.loadingPage')} />}>
      <Routes>
        <Route path="login" element={<LoginRoute />} />
        <Route element={<AuthGuard />}>
          <Route index element={<DashboardPage />} />
          <Route path="shops/new" element={<ShopFormPage />} />
          <Route path="shops/edit/:id" element={<ShopFormPage />} />
          <Route path="shops/import" element={<ShopsCsvPage />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="backup" element={<BackupPage />} />
          <Route path="activity" element={<ActivityPage />} />
          <Route path="requests" element={<RequestsPage />} />
          <Route path="requests/:id" element={<ListingRequestPage />} />
        </Route>
        <Route path="*" element={<AdminNotFound />} />
      </Routes>
    </Suspense>
  );
}
