import { Body, Controller, Get, HttpCode, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { actorOf } from '../activity/activity-actor.js';
import type { AdminUser } from '../admin-users/admin-user.entity.js';
import { toAdminUserDto } from '../admin-users/admin-users.service.js';
import { AdminUserDto } from '../admin-users/dto/admin-user.dto.js';
import { CreateAdminUserDto } from '../admin-users/dto/create-admin-user.dto.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { MessageDto } from '../common/error-response.dto.js';
import { deviceOf } from '../sessions/session-device.js';
import type { SessionData } from '../sessions/session.store.js';
import { AdminOnly, SESSION_COOKIE } from './admin-only.decorator.js';
import { AuthService } from './auth.service.js';
import { CurrentUser } from './current-user.decorator.js';
import { AuthStatusDto } from './dto/auth-status.dto.js';
import { ChangePasswordDto } from './dto/change-password.dto.js';
import { LoginDto } from './dto/login.dto.js';
import { ReauthenticateDto } from './dto/reauthenticate.dto.js';
import { markAuthenticated } from './recent-auth/recent-auth.js';
import { LoginGuard } from './login.guard.js';
import { SessionSettings } from './session-settings.js';

@ApiTags('auth')
@ApiErrors(503)
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly settings: SessionSettings,
  ) {}

  /** Public: whether the first administrator exists (the login page offers to create it while not). */
  @Get('status')
  @ApiOkResponse({ type: AuthStatusDto })
  async getAuthStatus(): Promise<AuthStatusDto> {
    return { adminExists: await this.auth.adminExists() };
  }

  /** The admin of the current session. */
  @Get('me')
  @AdminOnly()
  @ApiOkResponse({ type: AdminUserDto })
  getMe(@CurrentUser() user: AdminUser): AdminUserDto {
    return toAdminUserDto(user);
  }

  /**
   * Logs in and sets the session cookie. After 10 consecutive failures for one username from
   * one client, answers 429 with Retry-After for 15 minutes.
   */
  @Post('login')
  @HttpCode(200)
  @UseGuards(LoginGuard)
  @ApiOkResponse({ type: AdminUserDto, description: 'Logged in; the response sets the session cookie' })
  @ApiErrors({
    400: 'Username or password missing',
    401: 'Invalid credentials',
    429: 'Too many failed attempts; Retry-After says when to try again',
  })
  async login(
    @Body() _credentials: LoginDto,
    @CurrentUser() user: AdminUser,
    @Req() request: Request,
  ): Promise<AdminUserDto> {
    const session = request.session as unknown as SessionData;
    session.absoluteExpiresAt = Date.now() + this.settings.absoluteMs;
    session.device = deviceOf(request);
    markAuthenticated(request);
    await this.auth.recordLogin(actorOf(request));
    return toAdminUserDto(user);
  }

  /**
   * Confirms it is still the admin: the password again. Dangerous actions (a restore, deleting
   * an admin, resetting another's password) need this within the last 5 minutes.
   */
  @Post('reauthenticate')
  @HttpCode(200)
  @AdminOnly()
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors({
    400: 'Current password is incorrect',
    429: 'Too many failed attempts; Retry-After says when to try again',
  })
  async reauthenticate(
    @CurrentUser() user: AdminUser,
    @Body() dto: ReauthenticateDto,
    @Req() request: Request,
  ): Promise<MessageDto> {
    await this.auth.reauthenticate(user, dto.password, request.ip ?? 'unknown');
    markAuthenticated(request);
    return { message: 'Confirmed' };
  }

  /** Ends the current session on the server and clears the cookie. */
  @Post('logout')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageDto })
  async logout(@Req() request: Request): Promise<MessageDto> {
    await new Promise<void>((resolve, reject) =>
      request.logout((error) => (error ? reject(error) : resolve())),
    );
    await new Promise<void>((resolve, reject) =>
      request.session.destroy((error) => (error ? reject(error) : resolve())),
    );
    request.res?.clearCookie(SESSION_COOKIE, { path: '/' });
    return { message: 'You have been successfully logged out.' };
  }

  /**
   * Creates an admin account. Without a session this works only while no admin exists (the
   * first admin); afterwards it needs an admin session. It does not log in.
   */
  @Post('create-admin')
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
  @ApiOkResponse({ type: MessageDto })
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
