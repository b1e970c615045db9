import { lazy } from 'react';
import { Spin } from 'antd';

/*
 * Every screen but the dashboard, each in its own chunks: a signed-in administrator's cold load
 * of /admin downloads and evaluates only what the dashboard draws, and the other screens (with
 * their forms, upload, ZIP and password-strength code) come when first opened.
 */
const screens = {
  LoginPage: () => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })),
  EnrolmentPage: () =>
    import('../features/auth/second-factor/EnrolmentPage').then((m) => ({ default: m.EnrolmentPage })),
  ShopFormPage: () => import('../features/shops/ShopFormPage').then((m) => ({ default: m.ShopFormPage })),
  ShopsCsvPage: () => import('../features/shops-csv/ShopsCsvPage').then((m) => ({ default: m.ShopsCsvPage })),
  UsersPage: () => import('../features/users/UsersPage').then((m) => ({ default: m.UsersPage })),
  BackupPage: () => import('../features/backup/BackupPage').then((m) => ({ default: m.BackupPage })),
  ActivityPage: () => import('../features/activity/ActivityPage').then((m) => ({ default: m.ActivityPage })),
  RequestsPage: () => import('../features/requests/RequestsPage').then((m) => ({ default: m.RequestsPage })),
  ListingRequestPage: () =>
    import('../features/requests/listing/ListingRequestPage').then((m) => ({
      default: m.ListingRequestPage,
    })),
  ReauthDialog: () =>
    import('../features/auth/reauth/ReauthDialog').then((m) => ({ default: m.ReauthDialog })),
};

export const LoginPage = lazy(screens.LoginPage);
export const EnrolmentPage = lazy(screens.EnrolmentPage);
export const ShopFormPage = lazy(screens.ShopFormPage);
export const ShopsCsvPage = lazy(screens.ShopsCsvPage);
export const UsersPage = lazy(screens.UsersPage);
export const BackupPage = lazy(screens.BackupPage);
export const ActivityPage = lazy(screens.ActivityPage);
export const RequestsPage = lazy(screens.RequestsPage);
export const ListingRequestPage = lazy(screens.ListingRequestPage);
export const ReauthDialog = lazy(screens.ReauthDialog);

/** Every screen's code at once (component tests: a test then measures the screen, not its loading). */
export function loadAllScreens(): Promise<unknown> {
  return Promise.all(Object.values(screens).map((load) => load()));
}

/** While a screen's code arrives: the spinner the session check shows, announced once. */
export function PageLoading({ label }: { label: string }) {
  return (
    <div className="atm-admin__center" role="status" aria-live="polite">
      <Spin size="large" />
      <span className="atm-visually-hidden">{label}</span>
    </div>
  );
}
