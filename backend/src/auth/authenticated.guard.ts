import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ApiError } from '../common/api-error.js';
import {
  enrolmentRequired,
  enrolmentRequiredError,
  isAllowedDuringEnrolment,
} from './second-factor/pending-step.js';

/** A live admin session only; while it must set up a second factor, only AllowedDuringEnrolment routes. */
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
