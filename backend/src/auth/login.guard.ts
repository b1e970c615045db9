import { Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { createValidationPipe } from '../common/validation.pipe.js';
import { LoginDto } from './dto/login.dto.js';

const validation = createValidationPipe();

/**
 * Validates the body (guards run before pipes, and passport must never see an object where
 * a string belongs), runs the local strategy, then `logIn`, which regenerates the session id
 * (no fixation) and stores the admin's id in the new session.
 */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    request.body = await validation.transform(request.body ?? {}, { type: 'body', metatype: LoginDto });
    const allowed = (await super.canActivate(context)) as boolean;
    await super.logIn(request);
    return allowed;
  }
}
