import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import type { AdminUser } from '../admin-users/admin-user.entity.js';
import { ApiError } from '../common/api-error.js';
import { AuthService } from './auth.service.js';
import { knownDeviceOf } from './known-devices.js';
import { SessionSettings } from './session-settings.js';

export const INVALID_CREDENTIALS = 'Invalid credentials';

/** Username and password from the JSON body, checked by AuthService (limits included). */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(
    private readonly auth: AuthService,
    private readonly settings: SessionSettings,
  ) {
    super({ passReqToCallback: true });
  }

  async validate(request: Request, username: string, password: string): Promise<AdminUser> {
    const device = knownDeviceOf(request, username, this.settings);
    const user = await this.auth.validateLogin(request.ip ?? 'unknown', username, password, device);
    if (!user) throw new ApiError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    return user;
  }
}
