import {
  applyDecorators,
  Injectable,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { Request } from 'express';
import { REAUTHENTICATION_WINDOW_MINUTES } from 'contract';
import { ApiError } from '../../common/api-error.js';
import { ApiErrors } from '../../common/route-decorators.js';
import type { MessageDto } from '../../common/error-response.dto.js';

const WINDOW_MS = REAUTHENTICATION_WINDOW_MINUTES * 60_000;

/** Notes in the session that its admin just proved who they are. */
export function markAuthenticated(request: Request): void {
  request.session.authenticatedAt = Date.now();
}

/** The answer to a re-authentication that succeeded, noted in the session. */
export function confirmedNow(request: Request): MessageDto {
  markAuthenticated(request);
  return { message: 'Confirmed' };
}

export function recentlyAuthenticated(request: Request): boolean {
  const at = request.session?.authenticatedAt;
  return typeof at === 'number' && Date.now() - at <= WINDOW_MS;
}

/** A dangerous action needs a proof within the window (per session), else 403 REAUTHENTICATION_REQUIRED. */
@Injectable()
export class RecentAuthGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (recentlyAuthenticated(context.switchToHttp().getRequest<Request>())) return true;
    throw reauthenticationRequired();
  }
}

export function reauthenticationRequired(): ApiError {
  return new ApiError(
    403,
    'REAUTHENTICATION_REQUIRED',
    `Confirm it is you: enter your password again (needed for this action once every ${REAUTHENTICATION_WINDOW_MINUTES} minutes)`,
    { params: { minutes: REAUTHENTICATION_WINDOW_MINUTES } },
  );
}

/** Marks a dangerous route: it needs a recent re-authentication (after the admin-session check). */
export function RecentAuthRequired() {
  return applyDecorators(
    UseGuards(RecentAuthGuard),
    ApiErrors({
      403: 'REAUTHENTICATION_REQUIRED: re-authenticate (POST /api/auth/reauthenticate), then retry',
    }),
  );
}
