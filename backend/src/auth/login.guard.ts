import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { promisify } from 'node:util';
import type { AdminUser } from '../admin-users/admin-user.entity.js';
import { ApiError } from '../common/api-error.js';
import { createValidationPipe } from '../common/validation.pipe.js';
import { AuthService } from './auth.service.js';
import { LoginDto } from './dto/login.dto.js';
import { knownDeviceOf } from './known-devices.js';
import { MfaPolicyService } from './second-factor/policy/mfa-policy.service.js';
import { setEnrolmentRequired, setSecondFactorPending } from './second-factor/pending-step.js';
import { SecondFactorRegistry } from './second-factor/second-factor.js';
import { SessionSettings } from './session-settings.js';

const validation = createValidationPipe();

/**
 * Validates the body (guards run before pipes), checks the credentials with AuthService (limits
 * included), then logs in; a second factor waits in a new session id.
 */
@Injectable()
export class LoginGuard implements CanActivate {
  constructor(
    private readonly auth: AuthService,
    private readonly settings: SessionSettings,
    private readonly factors: SecondFactorRegistry,
    private readonly policy: MfaPolicyService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    request.body = await validation.transform(request.body ?? {}, { type: 'body', metatype: LoginDto });
    const { username, password } = request.body as LoginDto;
    const device = knownDeviceOf(request, username, this.settings);
    const user = await this.auth.validateLogin(request.ip ?? 'unknown', username, password, device);
    if (!user) throw new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid credentials');
    request.user = user;
    if (await this.factors.hasAnyFactor(user.id)) {
      // A new session id, keeping nobody logged in until the second factor.
      await promisify(request.session.regenerate.bind(request.session))();
      setSecondFactorPending(request, user.id);
      return true;
    }
    await promisify<AdminUser, void>(request.logIn.bind(request))(user);
    if (await this.policy.isRequired()) setEnrolmentRequired(request, true);
    return true;
  }
}
