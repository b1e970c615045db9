import type { Request } from 'express';
import type { AdminUser } from '../../admin-users/admin-user.entity.js';
import { logInAs, startAdminSession } from '../login-session.js';
import type { SessionSettings } from '../session-settings.js';

/**
 * Logs the admin in as a password login does: `logIn` regenerates the session id (no
 * fixation), then what every full login starts (login-session.ts).
 */
export async function startPasskeySession(
  request: Request,
  user: AdminUser,
  settings: SessionSettings,
): Promise<void> {
  await logInAs(request, user);
  startAdminSession(request, settings);
}
