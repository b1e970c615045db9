import { Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { promisify } from 'node:util';
import type { AdminUser } from '../admin-users/admin-user.entity.js';
import { createValidationPipe } from '../common/validation.pipe.js';
import { LoginDto } from './dto/login.dto.js';
import { MfaPolicyService } from './second-factor/policy/mfa-policy.service.js';
import { setEnrolmentRequired, setSecondFactorPending } from './second-factor/pending-step.js';
import { SecondFactorRegistry } from './second-factor/second-factor.js';

const validation = createValidationPipe();

/** Validates the body (guards run before pipes), then logs in; a second factor waits in a new session id. */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  constructor(
    private readonly factors: SecondFactorRegistry,
    private readonly policy: MfaPolicyService,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    request.body = await validation.transform(request.body ?? {}, { type: 'body', metatype: LoginDto });
    const allowed = (await super.canActivate(context)) as boolean;
    const user = request.user as AdminUser;
    if (await this.factors.hasAnyFactor(user.id)) {
      // A new session id, keeping nobody logged in until the second factor.
      await promisify(request.session.regenerate.bind(request.session))();
      setSecondFactorPending(request, user.id);
      return allowed;
    }
    await super.logIn(request);
    if (await this.policy.isRequired()) setEnrolmentRequired(request, true);
    return allowed;
  }
}
