import { lazy } from 'react';
import { Spin } from 'antd';

/*
 * Every screen but the dashboard, each in its own chunks: a signed-in administrator's cold load
 * of /admin downloads and evaluates only what the dashboard draws, and the other screens (with
 * their forms, upload, ZIP and password-strength code) come when first opened.
 */
export const LoginPage = lazy(() =>
  import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })),
);
export const EnrolmentPage = lazy(() =>
  import('../features/auth/second-factor/EnrolmentPage').then((m) => ({ default: m.EnrolmentPage })),
);
export const ShopFormPage = lazy(() =>
  import('../features/shops/ShopFormPage').then((m) => ({ default: m.ShopFormPage })),
);
export const ShopsCsvPage = lazy(() =>
  import('../features/shops-csv/ShopsCsvPage').then((m) => ({ default: m.ShopsCsvPage })),
);
export const UsersPage = lazy(() =>
  import('../features/users/UsersPage').then((m) => ({ default: m.UsersPage })),
);
export const BackupPage = lazy(() =>
  import('../features/backup/BackupPage').then((m) => ({ default: m.BackupPage })),
);
export const ActivityPage = lazy(() =>
  import('../features/activity/ActivityPage').then((m) => ({ default: m.ActivityPage })),
);
export const RequestsPage = lazy(() =>
  import('../features/requests/RequestsPage').then((m) => ({ default: m.RequestsPage })),
);
export const ListingRequestPage = lazy(() =>
  import('../features/requests/listing/ListingRequestPage').then((m) => ({ default: m.ListingRequestPage })),
);

export const ReauthDialog = lazy(() =>
  import('../features/auth/reauth/ReauthDialog').then((m) => ({ default: m.ReauthDialog })),
);

/** While a screen's code arrives: the spinner the session check shows, announced once. */
export function PageLoading({ label }: { label: string }) {
  return (
    <div className="atm-admin__center" role="status" aria-live="polite">
      <Spin size="large" />
      <span className="atm-visually-hidden">{label}</span>
    </div>
  );
}
