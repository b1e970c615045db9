import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ApiError } from '../../common/api-error.js';
import type { SessionData } from 'express-session';
import { noSecondFactorPending } from './second-factor-errors.js';

/** How long a password stays good for giving the second factor. */
const SECOND_FACTOR_WINDOW_MS = 5 * 60_000;

/** A right password for an account with a second factor: the session is NOT logged in until the code. */
type SecondFactorPending = NonNullable<SessionData['secondFactorPending']>;

/** The account this session waits a second factor for, while the password is recent enough. */
export function secondFactorPendingOf(request: Request): SecondFactorPending | null {
  const pending = request.session?.secondFactorPending;
  if (!pending || Date.now() - pending.since > SECOND_FACTOR_WINDOW_MS) return null;
  return pending;
}

/** The pending second factor of this session; 401 NO_SECOND_FACTOR_PENDING without one. */
export function requireSecondFactorPending(request: Request): SecondFactorPending {
  const pending = secondFactorPendingOf(request);
  if (!pending) throw noSecondFactorPending();
  return pending;
}

export function setSecondFactorPending(request: Request, adminId: string): void {
  request.session.secondFactorPending = { adminId, since: Date.now() };
}

/** Logged in, but the policy makes the admin add a second factor first: other admin routes answer 403. */
export function enrolmentRequired(request: Request): boolean {
  return request.session?.enrolmentRequired === true;
}

export function setEnrolmentRequired(request: Request, required: boolean): void {
  const { session } = request;
  if (!session) return;
  if (required) session.enrolmentRequired = true;
  else delete session.enrolmentRequired;
}

export function enrolmentRequiredError(): ApiError {
  return new ApiError(
    403,
    'SECOND_FACTOR_ENROLMENT_REQUIRED',
    'A second factor is required for every administrator: set one up before anything else',
  );
}

/** Marks an admin route an admin who must still set up a second factor can use (setting one up, me). */
export const AllowedDuringEnrolment = Reflector.createDecorator<void, true>({ transform: () => true });

export function isAllowedDuringEnrolment(reflector: Reflector, context: ExecutionContext): boolean {
  return reflector.getAllAndOverride(AllowedDuringEnrolment, [context.getHandler(), context.getClass()]);
}

/** For a route open without a session that also accepts one: refuses a session still in enrolment. */
@Injectable()
export class EnrolmentCompleteGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (enrolmentRequired(context.switchToHttp().getRequest<Request>())) throw enrolmentRequiredError();
    return true;
  }
}
