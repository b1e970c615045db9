import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { ApiError, fieldError } from '../common/api-error.js';
import { isUniqueViolation } from '../common/database-errors.js';
import { TransactionRunner } from '../database/transaction-runner.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { AdminUser } from './admin-user.entity.js';
import type { AdminUserDto } from './dto/admin-user.dto.js';
import type { CreateAdminUserDto } from './dto/create-admin-user.dto.js';
import type { ResetPasswordDto } from './dto/reset-password.dto.js';
import { PasswordHasher } from './password-hasher.service.js';

export const PASSWORDS_DONT_MATCH = "Passwords don't match";
export const ADMIN_NOT_FOUND = 'Admin user not found';

export function adminNotFound(): ApiError {
  return new ApiError(404, 'ADMIN_NOT_FOUND', ADMIN_NOT_FOUND);
}

export function toAdminUserDto(user: AdminUser): AdminUserDto {
  return { id: user.id, username: user.username, createdAt: user.createdAt };
}

/** The rules about administrator accounts: unique names, the last admin, password resets. */
@Injectable()
export class AdminUsersService {
  constructor(
    @InjectRepository(AdminUser) private readonly users: Repository<AdminUser>,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly transactions: TransactionRunner,
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
      throw fieldError(
        400,
        'PASSWORDS_DONT_MATCH',
        { field: 'confirmPassword', code: 'PASSWORDS_DONT_MATCH' },
        PASSWORDS_DONT_MATCH,
      );
    }
  }

  /** Creates an admin; `manager` lets the first-admin claim share its transaction. */
  async create(dto: CreateAdminUserDto, manager?: EntityManager): Promise<AdminUserDto> {
    this.assertConfirmed(dto.password, dto.confirmPassword);
    const repository = manager?.getRepository(AdminUser) ?? this.users;
    const taken = await repository
      .createQueryBuilder('user')
      .where('LOWER(user.username) = LOWER(:username)', { username: dto.username })
      .getExists();
    if (taken) throw usernameTaken();
    const passwordHash = await this.hasher.hash(dto.password);
    try {
      const saved = await repository.save(repository.create({ username: dto.username, passwordHash }));
      return toAdminUserDto(saved);
    } catch (error) {
      if (isUniqueViolation(error)) throw usernameTaken();
      throw error;
    }
  }

  /** Sets another admin's password and ends their sessions. Not for one's own account. */
  async resetPassword(actorId: string, id: string, dto: ResetPasswordDto): Promise<AdminUserDto> {
    if (actorId === id) {
      throw new ApiError(403, 'OWN_PASSWORD_RESET', 'Use "Change My Password" to change your own password');
    }
    this.assertConfirmed(dto.newPassword, dto.confirmPassword);
    const user = await this.users.findOneBy({ id });
    if (!user) throw adminNotFound();
    const passwordHash = await this.hasher.hash(dto.newPassword);
    await this.transactions.run(async (manager) => {
      await manager.update(AdminUser, { id }, { passwordHash });
      await this.sessions.endSessionsOf(id, undefined, manager);
    });
    return toAdminUserDto(user);
  }

  async setOwnPassword(id: string, newPassword: string, keepSid: string): Promise<void> {
    const passwordHash = await this.hasher.hash(newPassword);
    await this.transactions.run(async (manager) => {
      await manager.update(AdminUser, { id }, { passwordHash });
      await this.sessions.endSessionsOf(id, keepSid, manager);
    });
  }

  /**
   * Deletes an admin and ends their sessions, refusing to delete the last one. On MySQL the
   * admin rows are locked first, so two admins deleting each other at once leave one behind.
   */
  async delete(id: string): Promise<void> {
    await this.transactions.run(async (manager) => {
      const query = manager.getRepository(AdminUser).createQueryBuilder('user').select('user.id');
      if (this.transactions.supportsRowLocks) query.setLock('pessimistic_write');
      const ids = (await query.getMany()).map((user) => user.id);
      if (!ids.includes(id)) throw adminNotFound();
      if (ids.length <= 1) throw new ApiError(409, 'LAST_ADMIN', 'Cannot delete the last admin user');
      await manager.delete(AdminUser, { id });
      await this.sessions.endSessionsOf(id, undefined, manager);
    });
  }
}

function usernameTaken(): ApiError {
  return fieldError(
    409,
    'USERNAME_TAKEN',
    { field: 'username', code: 'USERNAME_TAKEN' },
    'Username already exists',
  );
}
