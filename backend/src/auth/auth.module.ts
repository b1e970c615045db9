import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminUsersModule } from '../admin-users/admin-users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LocalStrategy } from './local.strategy.js';
import { LoginAttempt } from './login-attempt.entity.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { PasskeysModule } from './passkeys/passkeys.module.js';
import { SessionSerializer } from './session.serializer.js';

/** Login, logout, the current user, the first admin, one's own password, and passkeys. */
@Module({
  imports: [
    PassportModule.register({ session: true }),
    TypeOrmModule.forFeature([LoginAttempt]),
    AdminUsersModule,
    PasskeysModule,
  ],
  controllers: [AuthController],
  providers: [AuthService, LocalStrategy, SessionSerializer, LoginThrottleService],
})
export class AuthModule {}
