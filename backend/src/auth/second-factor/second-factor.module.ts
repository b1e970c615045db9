import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminUser } from '../../admin-users/admin-user.entity.js';
import { AdminUsersModule } from '../../admin-users/admin-users.module.js';
import { SystemFlag } from '../../database/database.entity.js';
import { RateLimitsModule } from '../../rate-limits/rate-limits.module.js';
import { SessionsModule } from '../../sessions/sessions.module.js';
import { LoginLimits } from '../login-limits.js';
import { AdminSecondFactorsController } from './admin-second-factors.controller.js';
import { MfaPolicyService } from './policy/mfa-policy.service.js';
import { RecoveryCode } from './recovery-codes/recovery-code.entity.js';
import { RecoveryCodesService } from './recovery-codes/recovery-codes.service.js';
import { SecondFactorResetService } from './reset/second-factor-reset.service.js';
import { SecondFactorRegistry } from './second-factor.js';
import { TotpFactor } from './totp/totp-factor.entity.js';
import { TotpController } from './totp/totp.controller.js';
import { TotpService } from './totp/totp.service.js';

const SECOND_FACTOR_SERVICES = [
  SecondFactorRegistry,
  TotpService,
  RecoveryCodesService,
  MfaPolicyService,
  SecondFactorResetService,
  LoginLimits,
];

/** Second factors after the password: the registry of kinds, the app, recovery codes and the policy. */
@Module({
  imports: [
    TypeOrmModule.forFeature([TotpFactor, RecoveryCode, SystemFlag, AdminUser]),
    AdminUsersModule,
    SessionsModule,
    // LoginLimits counts through it: imported here too for contexts without the whole app (reset-mfa).
    RateLimitsModule,
  ],
  controllers: [TotpController, AdminSecondFactorsController],
  providers: SECOND_FACTOR_SERVICES,
  exports: SECOND_FACTOR_SERVICES,
})
export class SecondFactorModule {}
