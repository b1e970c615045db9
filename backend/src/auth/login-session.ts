import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { promisify } from 'node:util';
import { actorOf } from '../activity/activity-actor.js';
import { ActivityService } from '../activity/activity.service.js';
import type { AdminUser } from '../admin-users/admin-user.entity.js';
import { toAdminUserDto } from '../admin-users/admin-users.service.js';
import type { AdminUserDto } from '../admin-users/dto/admin-user.dto.js';
import { deviceOf } from '../sessions/session-device.js';
import { knownDeviceOf, rememberDevice, type DeviceOf } from './known-devices.js';
import { markAuthenticated } from './recent-auth/recent-auth.js';
import { requireSecondFactorPending } from './second-factor/pending-step.js';
import { SessionSettings } from './session-settings.js';

/** Proves the second factor of the account whose password was given, or throws; under the login limits. */
type SecondStep = (adminId: string, client: string, deviceOf: DeviceOf) => Promise<AdminUser>;

/** How a login was made, for its activity entry (none: the password alone). */
type LoginMethod = { method: 'passkey' } | { method: 'password'; secondFactor: 'passkey' };

/** How every way of logging in ends: the password, with a second factor, or a passkey alone. */
@Injectable()
export class LoginSessions {
  constructor(
    private readonly settings: SessionSettings,
    private readonly activity: ActivityService,
  ) {}

  /** The browser's known device for an account (known-devices.ts), for the login limits. */
  deviceOf(request: Request): DeviceOf {
    return (username) => knownDeviceOf(request, username, this.settings);
  }

  /** The step after the password (401 without one pending): `check` proves it, then the login completes. */
  async secondStep(request: Request, check: SecondStep, method?: LoginMethod): Promise<AdminUserDto> {
    const pending = requireSecondFactorPending(request);
    const user = await check(pending.adminId, request.ip ?? 'unknown', this.deviceOf(request));
    await this.logIn(request, user, method);
    return toAdminUserDto(user);
  }

  /** Logs `user` in with a new session id (no fixation), then `start`. */
  async logIn(request: Request, user: AdminUser, method?: LoginMethod): Promise<void> {
    await promisify<AdminUser, void>(request.logIn.bind(request))(user);
    await this.start(request, method);
  }

  /** Stamps the session (absolute end, device, last proof), remembers the device and logs the login. */
  async start(request: Request, method?: LoginMethod): Promise<void> {
    request.session.absoluteExpiresAt = Date.now() + this.settings.absoluteMs;
    request.session.device = deviceOf(request);
    markAuthenticated(request);
    const user = request.user as AdminUser | undefined;
    if (user) rememberDevice(request, user.username, this.settings);
    await this.activity.recordAlone({ kind: 'login.succeeded', actor: actorOf(request), details: method });
  }
}
