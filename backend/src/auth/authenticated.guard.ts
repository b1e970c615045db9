import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ApiError } from '../common/api-error.js';
import {
  enrolmentRequired,
  enrolmentRequiredError,
  isAllowedDuringEnrolment,
} from './second-factor/pending-step.js';

/**
 * Lets a request through only with a live admin session; while the admin must still set up a
 * second factor, only to the routes marked AllowedDuringEnrolment.
 */
@Injectable()
export class AuthenticatedGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.isAuthenticated?.() || !request.user) {
      throw new ApiError(401, 'UNAUTHENTICATED', 'Authentication required');
    }
    if (enrolmentRequired(request) && !isAllowedDuringEnrolment(this.reflector, context)) {
      throw enrolmentRequiredError();
    }
    return true;
  }
}
