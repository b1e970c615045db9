import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AdminUsersModule } from '../admin-users/admin-users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LocalStrategy } from './local.strategy.js';
import { SecondFactorController } from './second-factor/second-factor.controller.js';
import { SecondFactorModule } from './second-factor/second-factor.module.js';
import { SecondFactorService } from './second-factor/second-factor.service.js';
import { SessionSerializer } from './session.serializer.js';
import { PasskeysModule } from './passkeys/passkeys.module.js';

/** Login, logout, the current user, the first admin and one's own password. */
@Module({
  imports: [PassportModule.register({ session: true }), AdminUsersModule, SecondFactorModule, PasskeysModule],
  controllers: [AuthController, SecondFactorController],
  providers: [AuthService, LocalStrategy, SessionSerializer, SecondFactorService],
})
export class AuthModule {}
