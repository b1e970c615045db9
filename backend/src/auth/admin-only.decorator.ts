import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiCookieAuth } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { AuthenticatedGuard } from './authenticated.guard.js';

/** The session cookie's name, also the name of its OpenAPI security scheme. */
export const SESSION_COOKIE = 'atm.sid';

/** Marks a controller or route as admin-only, in the code and in the OpenAPI document. */
export function AdminOnly() {
  return applyDecorators(UseGuards(AuthenticatedGuard), ApiCookieAuth(SESSION_COOKIE), ApiErrors(401));
}
