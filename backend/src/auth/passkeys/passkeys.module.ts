import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminUsersModule } from '../../admin-users/admin-users.module.js';
import { SessionsModule } from '../../sessions/sessions.module.js';
import { LoginAttempt } from '../login-attempt.entity.js';
import { LoginThrottleService } from '../login-throttle.service.js';
import { Passkey } from './passkey.entity.js';
import { PasskeySignInService } from './passkey-sign-in.service.js';
import { PasskeysController } from './passkeys.controller.js';
import { PasskeysService } from './passkeys.service.js';

/** Passkeys (WebAuthn) of administrators: registration, removal, sign-in and re-authentication. */
@Module({
  imports: [TypeOrmModule.forFeature([Passkey, LoginAttempt]), AdminUsersModule, SessionsModule],
  controllers: [PasskeysController],
  providers: [PasskeysService, PasskeySignInService, LoginThrottleService],
  exports: [PasskeysService],
})
export class PasskeysModule {}
