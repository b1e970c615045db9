import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminUsersModule } from '../../admin-users/admin-users.module.js';
import { SessionsModule } from '../../sessions/sessions.module.js';
import { SecondFactorModule } from '../second-factor/second-factor.module.js';
import { Passkey } from './passkey.entity.js';
import { PasskeySignInService } from './passkey-sign-in.service.js';
import { PasskeysController } from './passkeys.controller.js';
import { PasskeysService } from './passkeys.service.js';

/** Passkeys (WebAuthn) of administrators: registration, removal, sign-in and re-authentication. */
@Module({
  // The login throttle comes from SecondFactorModule: one throttle for every way of signing in.
  imports: [TypeOrmModule.forFeature([Passkey]), AdminUsersModule, SessionsModule, SecondFactorModule],
  controllers: [PasskeysController],
  providers: [PasskeysService, PasskeySignInService],
  exports: [PasskeysService],
})
export class PasskeysModule {}
