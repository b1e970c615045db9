import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiTags,
} from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { ErrorResponseDto } from '../common/error-response.dto.js';
import { idParam } from '../common/id-param.js';
import type { AdminUser } from './admin-user.entity.js';
import { ADMIN_NOT_FOUND, AdminUsersService } from './admin-users.service.js';
import { AdminUserDto } from './dto/admin-user.dto.js';
import { CreateAdminUserDto } from './dto/create-admin-user.dto.js';
import { ResetPasswordDto } from './dto/reset-password.dto.js';

@ApiTags('admin users')
@AdminOnly()
@Controller('admin/users')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  /** Every administrator, oldest first. */
  @Get()
  getAdminUsers(): Promise<AdminUserDto[]> {
    return this.users.list();
  }

  /** Adds an administrator. */
  @Post()
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Username already exists' })
  createAdminUser(@Body() dto: CreateAdminUserDto): Promise<AdminUserDto> {
    return this.users.create(dto);
  }

  /** Sets another administrator's password and ends their sessions (not for oneself). */
  @Put(':id/reset-password')
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Your own password: use change-password' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  resetAdminUserPassword(
    @CurrentUser() actor: AdminUser,
    @Param('id', idParam(ADMIN_NOT_FOUND)) id: string,
    @Body() dto: ResetPasswordDto,
  ): Promise<AdminUserDto> {
    return this.users.resetPassword(actor.id, id, dto);
  }

  /** Deletes an administrator and ends their sessions; the last one cannot be deleted. */
  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Cannot delete the last admin user' })
  deleteAdminUser(@Param('id', idParam(ADMIN_NOT_FOUND)) id: string): Promise<void> {
    return this.users.delete(id);
  }
}
