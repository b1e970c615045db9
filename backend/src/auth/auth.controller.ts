import { Body, Get, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiSecurity } from '@nestjs/swagger';
import type { Request } from 'express';
import { promisify } from 'node:util';
import { actorOf } from '../activity/activity-actor.js';
import type { AdminUser } from '../admin-users/admin-user.entity.js';
import { toAdminUserDto } from '../admin-users/admin-users.service.js';
import { AdminUserDto } from '../admin-users/dto/admin-user.dto.js';
import { CreateAdminUserDto } from '../admin-users/dto/create-admin-user.dto.js';
import { AdminOnly, ApiController, CurrentUser, SESSION_COOKIE } from './admin-only.decorator.js';
import { ApiErrors, PostOk } from '../common/route-decorators.js';
import { MessageDto } from '../common/error-response.dto.js';
import { AuthService } from './auth.service.js';
import { ChangePasswordDto } from './dto/change-password.dto.js';
import { AuthStatusDto, CurrentAdminDto } from './dto/current-admin.dto.js';
import { LoginDto, ReauthenticateDto } from './dto/login.dto.js';
import { confirmedNow } from './recent-auth/recent-auth.js';
import { LoginGuard } from './login.guard.js';
import { LimitedAsLogin } from './login-limits.js';
import { LoginSessions } from './login-session.js';
import {
  EnrolmentCompleteGuard,
  enrolmentRequired,
  secondFactorPendingOf,
} from './second-factor/pending-step.js';
import { SecondFactorService } from './second-factor/second-factor.service.js';

@ApiController('auth', 'auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly logins: LoginSessions,
    private readonly secondFactor: SecondFactorService,
  ) {}

  /**
   * Public: whether the first administrator exists (the login page offers to create it while
   * not), and whether this browser's second factor is pending, with the ways to give it.
   */
  @Get('status')
  async getAuthStatus(@Req() request: Request): Promise<AuthStatusDto> {
    const pending = secondFactorPendingOf(request);
    return {
      adminExists: await this.auth.adminExists(),
      secondFactorPending: pending !== null,
      ...(pending ? { secondFactorMethods: await this.secondFactor.methodsOf(pending.adminId) } : {}),
    };
  }

  /** The admin of the current session (and whether they must set up a second factor first). */
  @Get('me')
  @AdminOnly({ duringEnrolment: true })
  getMe(@CurrentUser() user: AdminUser, @Req() request: Request): CurrentAdminDto {
    return { ...toAdminUserDto(user), ...(enrolmentRequired(request) ? { pendingStep: 'enrolment' } : {}) };
  }

  /**
   * Logs in and sets the session cookie. After 10 consecutive failures for one username from
   * one client, answers 429 with Retry-After for 15 minutes. An account with a second factor is
   * not logged in yet: `pendingStep: 'second-factor'` asks for it, and `secondFactorMethods`
   * says how it can be given.
   */
  @PostOk('login')
  @UseGuards(LoginGuard)
  @ApiOkResponse({
    type: CurrentAdminDto,
    description: 'Logged in (or waiting for the second factor); sets the session cookie',
  })
  @LimitedAsLogin({ 400: 'Username or password missing', 401: 'Invalid credentials' })
  async login(
    @Body() _credentials: LoginDto,
    @CurrentUser() user: AdminUser,
    @Req() request: Request,
  ): Promise<CurrentAdminDto> {
    if (secondFactorPendingOf(request)) {
      const secondFactorMethods = await this.secondFactor.methodsOf(user.id);
      return { ...toAdminUserDto(user), pendingStep: 'second-factor', secondFactorMethods };
    }
    await this.logins.start(request);
    return { ...toAdminUserDto(user), ...(enrolmentRequired(request) ? { pendingStep: 'enrolment' } : {}) };
  }

  /**
   * Confirms it is still the admin: the password again. Dangerous actions (a restore, deleting
   * an admin, resetting another's password) need this within the last 5 minutes.
   */
  @PostOk('reauthenticate')
  @AdminOnly()
  @LimitedAsLogin({ 400: 'Current password is incorrect' })
  async reauthenticate(
    @CurrentUser() user: AdminUser,
    @Body() dto: ReauthenticateDto,
    @Req() request: Request,
  ): Promise<MessageDto> {
    await this.auth.reauthenticate(user, dto.password, request.ip ?? 'unknown');
    return confirmedNow(request);
  }

  /** Ends the current session on the server and clears the cookie. */
  @PostOk('logout')
  async logout(@Req() request: Request): Promise<MessageDto> {
    await promisify(request.logout.bind(request))();
    await promisify(request.session.destroy.bind(request.session))();
    request.res?.clearCookie(SESSION_COOKIE, { path: '/' });
    return { message: 'You have been successfully logged out.' };
  }

  /**
   * Creates an admin account. Without a session this works only while no admin exists (the
   * first admin); afterwards it needs an admin session. It does not log in.
   */
  @Post('create-admin')
  @UseGuards(EnrolmentCompleteGuard)
  // Either no session at all (the first admin) or an admin's session.
  @ApiSecurity({})
  @ApiCookieAuth(SESSION_COOKIE)
  @ApiErrors(400, { 403: 'An admin exists and there is no session', 409: 'Username already exists' })
  createAdmin(@Body() dto: CreateAdminUserDto, @Req() request: Request): Promise<AdminUserDto> {
    return this.auth.createAdmin(dto, actorOf(request));
  }

  /** Changes the caller's own password; their other sessions end. */
  @Put('change-password')
  @AdminOnly()
  @ApiErrors({ 400: "Current password is incorrect, Passwords don't match, ..." })
  async changePassword(
    @CurrentUser() user: AdminUser,
    @Body() dto: ChangePasswordDto,
    @Req() request: Request,
  ): Promise<MessageDto> {
    await this.auth.changePassword(user, dto, request.sessionID, actorOf(request));
    return { message: 'Password updated successfully' };
  }
}
