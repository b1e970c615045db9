import { Injectable, Param } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import { ActivityService, type ActivityRecord } from '../activity/activity.service.js';
import { ApiError, fieldRefusal } from '../common/api-error.js';
import { duplicateAs } from '../common/database-errors.js';
import { idParam } from '../common/id-param.js';
import { TransactionRunner } from '../database/transaction-runner.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { AdminUser } from './admin-user.entity.js';
import { assertNotConfusable } from './credential-safety/credential-checks.js';
import { PasswordStrengthCheck } from './credential-safety/password-strength-check.service.js';
import type { AdminUserDto } from './dto/admin-user.dto.js';
import type { CreateAdminUserDto } from './dto/create-admin-user.dto.js';
import type { ResetPasswordDto } from './dto/reset-password.dto.js';
import { PasswordHasher } from './password-hasher.service.js';

export const PASSWORDS_DONT_MATCH = "Passwords don't match";
export const ADMIN_NOT_FOUND = 'Admin user not found';

export function adminNotFound(): ApiError {
  return new ApiError(404, 'ADMIN_NOT_FOUND', ADMIN_NOT_FOUND);
}

/** An administrator's id in the path; 404 when it is not one. */
export const AdminUserId = () => Param('id', idParam(adminNotFound));

export function toAdminUserDto(user: AdminUser): AdminUserDto {
  return { id: user.id, username: user.username, createdAt: user.createdAt };
}

/** The rules about administrator accounts: unique names, the last admin, password resets. */
@Injectable()
export class AdminUsersService {
  constructor(
    @InjectRepository(AdminUser) private readonly users: Repository<AdminUser>,
    private readonly hasher: PasswordHasher,
    private readonly passwordStrength: PasswordStrengthCheck,
    private readonly sessions: SessionsService,
    private readonly transactions: TransactionRunner,
    private readonly activity: ActivityService,
  ) {}

  async list(): Promise<AdminUserDto[]> {
    const users = await this.users.find({ order: { createdAt: 'ASC', username: 'ASC' } });
    return users.map(toAdminUserDto);
  }

  findById(id: string): Promise<AdminUser | null> {
    return this.users.findOneBy({ id });
  }

  count(manager?: EntityManager): Promise<number> {
    return (manager?.getRepository(AdminUser) ?? this.users).count();
  }

  /** The user with its password hash, for checking a password; never sent to a client. */
  findWithHash(where: { username: string } | { id: string }): Promise<AdminUser | null> {
    const query = this.users.createQueryBuilder('user').addSelect('user.passwordHash');
    // Usernames are unique regardless of case (MySQL collations already compare that way).
    return (
      'id' in where
        ? query.where('user.id = :id', where)
        : query.where('LOWER(user.username) = LOWER(:username)', where)
    ).getOne();
  }

  assertConfirmed(password: string, confirmation: string | undefined): void {
    if (confirmation !== undefined && confirmation !== password) {
      throw fieldRefusal(400, 'PASSWORDS_DONT_MATCH', 'confirmPassword', PASSWORDS_DONT_MATCH);
    }
  }

  /**
   * Creates an admin and logs it, in one transaction that `claim` (the first admin's claim) opens.
   * The password is checked and hashed first: a transaction waiting on them would hold SQLite's write lock.
   */
  async create(
    dto: CreateAdminUserDto,
    actor: ActivityActor,
    claim?: (manager: EntityManager) => Promise<void>,
  ): Promise<AdminUserDto> {
    this.assertConfirmed(dto.password, dto.confirmPassword);
    const existing = (await this.users.find({ select: { username: true } })).map((user) => user.username);
    if (existing.some((name) => name.toLowerCase() === dto.username.toLowerCase())) throw usernameTaken();
    assertNotConfusable(dto.username, existing);
    await this.passwordStrength.assertStrong(dto.password, 'password', dto.username);
    const passwordHash = await this.hasher.hash(dto.password);
    const saved = await duplicateAs(
      this.transactions.run(async (transaction) => {
        await claim?.(transaction);
        const repository = transaction.getRepository(AdminUser);
        const user = await repository.save(repository.create({ username: dto.username, passwordHash }));
        await this.activity.record(transaction, {
          kind: 'admin.created',
          actor,
          details: { adminId: user.id, username: user.username },
        });
        return user;
      }),
      usernameTaken,
    );
    return toAdminUserDto(saved);
  }

  /** Sets another admin's password and ends their sessions. Not for one's own account. */
  async resetPassword(actor: ActivityActor, id: string, dto: ResetPasswordDto): Promise<AdminUserDto> {
    if (actor.adminId === id) {
      throw new ApiError(403, 'OWN_PASSWORD_RESET', 'Use "Change My Password" to change your own password');
    }
    this.assertConfirmed(dto.newPassword, dto.confirmPassword);
    const user = await this.users.findOneBy({ id });
    if (!user) throw adminNotFound();
    await this.setPassword(user, dto.newPassword, undefined, {
      kind: 'admin.password_reset',
      actor,
      details: { adminId: id, username: user.username },
    });
    return toAdminUserDto(user);
  }

  /** Checks and stores a new password, ends the account's sessions but `keepSid`, and logs `entry`. */
  async setPassword(
    user: AdminUser,
    newPassword: string,
    keepSid: string | undefined,
    entry: ActivityRecord,
  ): Promise<void> {
    await this.passwordStrength.assertStrong(newPassword, 'newPassword', user.username);
    const passwordHash = await this.hasher.hash(newPassword);
    await this.transactions.run(async (manager) => {
      await manager.update(AdminUser, { id: user.id }, { passwordHash });
      await this.sessions.endSessionsOf(user.id, keepSid, manager);
      await this.activity.record(manager, entry);
    });
  }

  /** Ends every session of another admin (each browser is logged out on its next request). */
  async endSessions(actor: ActivityActor, id: string): Promise<number> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw adminNotFound();
    return this.transactions.run(async (manager) => {
      const ended = await this.sessions.endSessionsOf(id, undefined, manager);
      await this.activity.record(manager, {
        kind: 'admin.sessions_ended',
        actor,
        details: { adminId: id, username: user.username, count: ended },
      });
      return ended;
    });
  }

  /**
   * Deletes an admin and ends their sessions, refusing to delete the last one. On MySQL the
   * admin rows are locked first, so two admins deleting each other at once leave one behind.
   */
  async delete(id: string, actor: ActivityActor): Promise<void> {
    await this.transactions.run(async (manager) => {
      const query = manager
        .getRepository(AdminUser)
        .createQueryBuilder('user')
        .select(['user.id', 'user.username']);
      if (this.transactions.supportsRowLocks) query.setLock('pessimistic_write');
      const users = await query.getMany();
      const target = users.find((user) => user.id === id);
      if (!target) throw adminNotFound();
      if (users.length <= 1) throw new ApiError(409, 'LAST_ADMIN', 'Cannot delete the last admin user');
      await manager.delete(AdminUser, { id });
      await this.sessions.endSessionsOf(id, undefined, manager);
      await this.activity.record(manager, {
        kind: 'admin.deleted',
        actor,
        details: { adminId: id, username: target.username },
      });
    });
  }
}

function usernameTaken(): ApiError {
  return fieldRefusal(409, 'USERNAME_TAKEN', 'username', 'Username already exists');
}
