import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminUsersModule } from '../../admin-users/admin-users.module.js';
import { SessionsModule } from '../../sessions/sessions.module.js';
import { LoginSessions } from '../login-session.js';
import { SecondFactorModule } from '../second-factor/second-factor.module.js';
import { SignInChallenges } from './passkey-challenge.js';
import { Passkey } from './passkey.entity.js';
import { PasskeyFactorModule } from './passkey-factor.module.js';
import { PasskeySignInService } from './passkey-sign-in.service.js';
import { PasskeysController } from './passkeys.controller.js';
import { PasskeysService } from './passkeys.service.js';

/** Administrators' passkeys: registration, removal, sign-in, second step and re-authentication. */
@Module({
  // The login throttle comes from SecondFactorModule: one throttle for every way of signing in.
  imports: [
    TypeOrmModule.forFeature([Passkey]),
    AdminUsersModule,
    SessionsModule,
    SecondFactorModule,
    PasskeyFactorModule,
  ],
  controllers: [PasskeysController],
  // LoginSessions is provided here, the lowest module that logs in, and exported to AuthModule.
  providers: [PasskeysService, PasskeySignInService, SignInChallenges, LoginSessions],
  exports: [LoginSessions, PasskeySignInService],
})
export class PasskeysModule {}
