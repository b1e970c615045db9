import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from '../common/error-response.dto.js';
import { AuthenticatedGuard } from './authenticated.guard.js';

/** The session cookie's name, also the name of its OpenAPI security scheme. */
export const SESSION_COOKIE = 'atm.sid';

/** Marks a controller or route as admin-only, in the code and in the OpenAPI document. */
export function AdminOnly() {
  return applyDecorators(
    UseGuards(AuthenticatedGuard),
    ApiCookieAuth(SESSION_COOKIE),
    ApiUnauthorizedResponse({ description: 'No valid admin session', type: ErrorResponseDto }),
  );
}
