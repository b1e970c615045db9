import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionsModule } from '../sessions/sessions.module.js';
import { AdminUser } from './admin-user.entity.js';
import { AdminUsersController } from './admin-users.controller.js';
import { AdminUsersService } from './admin-users.service.js';
import { PasswordStrengthCheck } from './credential-safety/password-strength-check.service.js';
import { PasswordHasher } from './password-hasher.service.js';

/** Administrator accounts: list, add, reset a password, delete (never the last). */
@Module({
  imports: [TypeOrmModule.forFeature([AdminUser]), SessionsModule],
  controllers: [AdminUsersController],
  providers: [AdminUsersService, PasswordHasher, PasswordStrengthCheck],
  exports: [AdminUsersService, PasswordHasher],
})
export class AdminUsersModule {}
