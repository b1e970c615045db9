import {
  applyDecorators,
  Controller,
  createParamDecorator,
  UseGuards,
  type ExecutionContext,
} from '@nestjs/common';
import { ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AdminUser } from '../admin-users/admin-user.entity.js';
import { ApiErrors } from '../common/route-decorators.js';
import { AuthenticatedGuard } from './authenticated.guard.js';
import { AllowedDuringEnrolment } from './second-factor/pending-step.js';

/** The session cookie's name, also the name of its OpenAPI security scheme. */
export const SESSION_COOKIE = 'atm.sid';

/**
 * Marks a controller or route as admin-only, in the code and in the OpenAPI document;
 * `duringEnrolment` lets an admin who must still set up a second factor through.
 */
export function AdminOnly({ duringEnrolment = false } = {}) {
  return applyDecorators(
    UseGuards(AuthenticatedGuard),
    ApiCookieAuth(SESSION_COOKIE),
    ApiErrors(401),
    ...(duringEnrolment ? [AllowedDuringEnrolment()] : []),
  );
}

/** A controller of the API under `path`, in the OpenAPI group `tag`: it needs the database (503). */
export const ApiController = (path: string, tag: string, { admin = false } = {}) =>
  applyDecorators(ApiTags(tag), ApiErrors(503), ...(admin ? [AdminOnly()] : []), Controller(path));

/** The admin of the current session (only on routes behind @AdminOnly). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<Request>().user as AdminUser,
);
