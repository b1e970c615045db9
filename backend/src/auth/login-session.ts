import type { Request } from 'express';
import type { AdminUser } from '../admin-users/admin-user.entity.js';
import { deviceOf } from '../sessions/session-device.js';
import type { SessionData } from '../sessions/session.store.js';
import { rememberDevice } from './known-devices.js';
import { markAuthenticated } from './recent-auth/recent-auth.js';
import type { SessionSettings } from './session-settings.js';

/** passport's logIn as a promise: a new session id (no fixation) that holds the admin's id. */
export function logInAs(request: Request, user: AdminUser): Promise<void> {
  return new Promise((resolve, reject) =>
    request.logIn(user, (error) => (error ? reject(error) : resolve())),
  );
}

/** A new session id, keeping nobody logged in (between the password and the second factor). */
export function regenerateSession(request: Request): Promise<void> {
  return new Promise((resolve, reject) =>
    request.session.regenerate((error) => (error ? reject(error) : resolve())),
  );
}

/**
 * What a fully logged-in session keeps: its absolute end, its device, the time of the last
 * proof; and the browser becomes a known device of the account.
 */
export function startAdminSession(request: Request, settings: SessionSettings): void {
  const session = request.session as unknown as SessionData;
  session.absoluteExpiresAt = Date.now() + settings.absoluteMs;
  session.device = deviceOf(request);
  markAuthenticated(request);
  const user = request.user as AdminUser | undefined;
  if (user) rememberDevice(request, user.username, settings);
}
