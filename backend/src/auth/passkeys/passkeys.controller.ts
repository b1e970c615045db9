import { Body, Get, Param, Post, Req } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { Actor, actorOf, type ActivityActor } from '../../activity/activity-actor.js';
import type { AdminUser } from '../../admin-users/admin-user.entity.js';
import { toAdminUserDto } from '../../admin-users/admin-users.service.js';
import { AdminUserDto } from '../../admin-users/dto/admin-user.dto.js';
import { AdminOnly, ApiController, CurrentUser } from '../admin-only.decorator.js';
import { ApiErrors, DeleteNoContent, PostOk } from '../../common/route-decorators.js';
import { MessageDto } from '../../common/error-response.dto.js';
import { LimitedAsLogin } from '../login-limits.js';
import { LoginSessions } from '../login-session.js';
import { confirmedNow, RecentAuthRequired } from '../recent-auth/recent-auth.js';
import { AllowedDuringEnrolment, setEnrolmentRequired } from '../second-factor/pending-step.js';
import { AddPasskeyDto, PasskeyAssertionDto, PasskeyDto, PasskeyOptionsDto } from './dto/passkey.dto.js';
import {
  expectedCeremony,
  offerChallenge,
  relyingParty,
  signedChallengeOf,
  SignInChallenges,
} from './passkey-challenge.js';
import { PasskeySignInService } from './passkey-sign-in.service.js';
import { PasskeysService } from './passkeys.service.js';

const CHALLENGE_ERRORS = {
  400: 'PASSKEY_CHALLENGE_EXPIRED: no live challenge in this session; ask for options again',
};

/** Passkeys (WebAuthn): register and remove one's own, sign in with one alone, confirm it is you with one. */
@ApiController('auth/passkeys', 'passkeys')
export class PasskeysController {
  constructor(
    private readonly passkeys: PasskeysService,
    private readonly signIns: PasskeySignInService,
    private readonly logins: LoginSessions,
    private readonly challenges: SignInChallenges,
  ) {}

  /** My passkeys (name, registered, last used). */
  @Get()
  @AdminOnly({ duringEnrolment: true })
  getMyPasskeys(@CurrentUser() user: AdminUser): Promise<PasskeyDto[]> {
    return this.passkeys.listOf(user.id);
  }

  /** Starts registering a passkey: the options for navigator.credentials.create (challenge valid 5 minutes, once). */
  @PostOk('registration-options')
  @AdminOnly()
  // A passkey is a second factor: an admin the policy sends to enrolment may pick one.
  @AllowedDuringEnrolment()
  async getPasskeyRegistrationOptions(
    @CurrentUser() user: AdminUser,
    @Req() request: Request,
  ): Promise<PasskeyOptionsDto> {
    const options = await this.passkeys.registrationOptions(user, relyingParty(request).rpID);
    return offerChallenge(request, 'registration', options);
  }

  /**
   * Registers the passkey the browser made from the last registration options. It is a second
   * factor: an admin who had to set one up can use every page from now on.
   */
  @Post()
  @AdminOnly({ duringEnrolment: true })
  @ApiErrors({ ...CHALLENGE_ERRORS, 409: 'PASSKEY_ALREADY_REGISTERED' })
  async addPasskey(
    @CurrentUser() user: AdminUser,
    @Body() dto: AddPasskeyDto,
    @Req() request: Request,
  ): Promise<PasskeyDto> {
    const expected = expectedCeremony(request, 'registration');
    const passkey = await this.passkeys.register(user, dto.name, dto.credential, expected, actorOf(request));
    setEnrolmentRequired(request, false);
    return passkey;
  }

  /** Removes one of my passkeys; my other sessions end. Needs a recent re-authentication. */
  @DeleteNoContent(':id')
  // Decorators apply bottom-up: the session check runs first (401), then the recent-auth one (403).
  @RecentAuthRequired()
  @AdminOnly()
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiErrors({
    404: 'PASSKEY_NOT_FOUND',
    409: 'LAST_SECOND_FACTOR: the policy requires a second factor and this is the last one',
  })
  async removePasskey(
    @CurrentUser() user: AdminUser,
    @Param('id') id: string,
    @Req() request: Request,
    @Actor() actor: ActivityActor,
  ): Promise<void> {
    await this.passkeys.remove(user, id, request.sessionID, actor);
  }

  /**
   * Starts a passkey sign-in (public) or, for a signed-in admin, a confirmation with one of
   * their passkeys: the options for navigator.credentials.get.
   */
  @PostOk('authentication-options')
  @ApiErrors({ 400: 'VALIDATION_FAILED: the call takes no body (UNKNOWN_FIELD for each field sent)' })
  async getPasskeyAuthenticationOptions(@Req() request: Request): Promise<PasskeyOptionsDto> {
    const user = request.isAuthenticated?.() ? (request.user as AdminUser) : undefined;
    // A signed challenge (SignInChallenges): a visitor's call writes no session and sets no cookie.
    const challenge = this.challenges.issue();
    const options = await this.signIns.authenticationOptions(relyingParty(request).rpID, user, challenge);
    // A signed-in admin's confirmation also stays bound to their session.
    return user ? offerChallenge(request, 'authentication', options) : { options: { ...options } };
  }

  /**
   * Signs in with a passkey alone (no username): like a password login, a new session id, the
   * same failure limit, and it counts as a recent re-authentication.
   */
  @PostOk('sign-in')
  @ApiOkResponse({ type: AdminUserDto, description: 'Signed in; the response sets the session cookie' })
  @LimitedAsLogin({
    400: 'PASSKEY_CHALLENGE_EXPIRED: the signed challenge is not ours, is over 5 minutes old, or was spent by a use of the passkey since; ask for options again',
    401: 'PASSKEY_REJECTED: unknown passkey, wrong site, bad signature or a replay',
  })
  async signInWithPasskey(@Body() dto: PasskeyAssertionDto, @Req() request: Request): Promise<AdminUserDto> {
    // No session holds the challenge: the signed one must be ours and live, and the passkey's use spends it.
    const challenge = signedChallengeOf(dto.credential.response.clientDataJSON);
    const issuedAt = this.challenges.issuedAt(challenge);
    const user = await this.signIns.signIn(
      dto.credential,
      { challenge: challenge!, issuedAt, ...relyingParty(request) },
      actorOf(request),
      this.logins.deviceOf(request),
    );
    await this.logins.logIn(request, user, { method: 'passkey' });
    return toAdminUserDto(user);
  }

  /** Confirms it is still me with one of my passkeys (instead of the password) before a dangerous action. */
  @PostOk('reauthenticate')
  @AdminOnly()
  @LimitedAsLogin({ ...CHALLENGE_ERRORS, 401: 'PASSKEY_REJECTED' })
  async reauthenticateWithPasskey(
    @CurrentUser() user: AdminUser,
    @Body() dto: PasskeyAssertionDto,
    @Req() request: Request,
  ): Promise<MessageDto> {
    const expected = expectedCeremony(request, 'authentication');
    await this.signIns.reauthenticate(user, dto.credential, expected, actorOf(request));
    return confirmedNow(request);
  }
}
