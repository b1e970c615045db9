import { Injectable } from '@nestjs/common';
import type { ActivityActor } from '../activity/activity-actor.js';
import { ActivityService } from '../activity/activity.service.js';
import type { AdminUser } from '../admin-users/admin-user.entity.js';
import { AdminUsersService } from '../admin-users/admin-users.service.js';
import type { AdminUserDto } from '../admin-users/dto/admin-user.dto.js';
import type { CreateAdminUserDto } from '../admin-users/dto/create-admin-user.dto.js';
import { PasswordHasher } from '../admin-users/password-hasher.service.js';
import { ApiError, fieldRefusal } from '../common/api-error.js';
import { duplicateAs } from '../common/database-errors.js';
import { SystemFlag } from '../database/database.entity.js';
import type { ChangePasswordDto } from './dto/change-password.dto.js';
import { RateLimits } from '../rate-limits/rate-limits.service.js';
import { LoginLimits } from './login-limits.js';
import { SecondFactorRegistry } from './second-factor/second-factor.js';

const FIRST_ADMIN_FLAG = 'first-admin';
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

function adminExists(): ApiError {
  return new ApiError(
    403,
    'ADMIN_ALREADY_EXISTS',
    'An administrator already exists. Log in as an administrator to create more administrator accounts.',
  );
}

/** Logging in, the first-admin rule and changing one's own password. */
@Injectable()
export class AuthService {
  constructor(
    private readonly users: AdminUsersService,
    private readonly hasher: PasswordHasher,
    private readonly loginLimits: LoginLimits,
    private readonly limits: RateLimits,
    private readonly activity: ActivityService,
    private readonly factors: SecondFactorRegistry,
  ) {}

  /**
   * Checks credentials under the login limits (taken first); an unknown user and a wrong password
   * cost and answer the same. With a second factor only a right code clears the failures.
   */
  async validateLogin(
    client: string,
    username: string,
    password: string,
    device: string | null = null,
  ): Promise<AdminUser | null> {
    await this.loginLimits.take(client, username, device);
    const user = await this.users.findWithHash({ username: username.trim() });
    const valid = await this.hasher.verify(user?.passwordHash ?? null, password);
    if (!user || !valid) {
      await this.activity.recordAlone({
        kind: 'login.failed',
        actor: { adminId: null, username: null, client },
        details: { username: username.trim().slice(0, 100) },
      });
      return null;
    }
    if (await this.factors.hasAnyFactor(user.id)) await this.loginLimits.passed(client, username, device);
    else await this.loginLimits.succeeded(client, username, device);
    return user;
  }

  async adminExists(): Promise<boolean> {
    return (await this.users.count()) > 0;
  }

  /**
   * Creates an admin; without a session only while none exists. The 'first-admin' flag is claimed
   * in the insert's transaction, so of racing calls on an empty database exactly one succeeds.
   */
  async createAdmin(dto: CreateAdminUserDto, actor: ActivityActor): Promise<AdminUserDto> {
    if (actor.adminId) return this.users.create(dto, actor);
    this.users.assertConfirmed(dto.password, dto.confirmPassword);
    if ((await this.users.count()) > 0) throw adminExists();
    return this.users.create(dto, actor, async (manager) => {
      if ((await this.users.count(manager)) > 0) throw adminExists();
      await duplicateAs(manager.insert(SystemFlag, { name: FIRST_ADMIN_FLAG }), adminExists);
    });
  }

  /** Checks the caller's password again, under the login limits. */
  async reauthenticate(user: AdminUser, password: string, client: string): Promise<void> {
    await this.loginLimits.take(client, user.username);
    await this.assertCurrentPassword(user, password, 'password');
    await this.loginLimits.succeeded(client, user.username);
  }

  /** Changes the caller's password, ending their other sessions; wrong ones are limited per account. */
  async changePassword(
    user: AdminUser,
    dto: ChangePasswordDto,
    sid: string,
    actor: ActivityActor,
  ): Promise<void> {
    await this.limits.take('password-change.account', user.id);
    await this.assertCurrentPassword(user, dto.currentPassword, 'currentPassword');
    await this.limits.forgive('password-change.account', user.id);
    this.users.assertConfirmed(dto.newPassword, dto.confirmPassword);
    await this.users.setPassword(user, dto.newPassword, sid, { kind: 'account.password_changed', actor });
  }

  /** 400 CURRENT_PASSWORD_INCORRECT, named on `field`, unless `password` is the admin's. */
  private async assertCurrentPassword(user: AdminUser, password: string, field: string): Promise<void> {
    const current = await this.users.findWithHash({ id: user.id });
    if (current && (await this.hasher.verify(current.passwordHash, password))) return;
    throw fieldRefusal(400, 'CURRENT_PASSWORD_INCORRECT', field, CURRENT_PASSWORD_INCORRECT);
  }
}
