import type { Request } from 'express';
import type { AdminUser } from '../../admin-users/admin-user.entity.js';
import { deviceOf } from '../../sessions/session-device.js';
import type { SessionData } from '../../sessions/session.store.js';
import { markAuthenticated } from '../recent-auth/recent-auth.js';
import type { SessionSettings } from '../session-settings.js';

/**
 * Logs the admin in as a password login does: `logIn` regenerates the session id (no
 * fixation), then the absolute timeout, the device for the sessions list, and the proof of
 * identity that dangerous actions need.
 */
export async function startPasskeySession(
  request: Request,
  user: AdminUser,
  settings: SessionSettings,
): Promise<void> {
  await new Promise<void>((resolve, reject) =>
    request.logIn(user, (error) => (error ? reject(error as Error) : resolve())),
  );
  const session = request.session as unknown as SessionData;
  session.absoluteExpiresAt = Date.now() + settings.absoluteMs;
  session.device = deviceOf(request);
  markAuthenticated(request);
}
