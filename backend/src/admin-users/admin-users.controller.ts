import { Body, Get, Post, Put } from '@nestjs/common';
import { ApiNoContentResponse } from '@nestjs/swagger';
import { Actor, type ActivityActor } from '../activity/activity-actor.js';
import { ApiController } from '../auth/admin-only.decorator.js';
import { ApiErrors, DeleteNoContent, PostOk } from '../common/route-decorators.js';
import { RecentAuthRequired } from '../auth/recent-auth/recent-auth.js';
import { ADMIN_NOT_FOUND, AdminUserId, AdminUsersService } from './admin-users.service.js';
import { AdminUserDto } from './dto/admin-user.dto.js';
import { CreateAdminUserDto } from './dto/create-admin-user.dto.js';
import { ResetPasswordDto } from './dto/reset-password.dto.js';
import { EndedSessionsDto } from '../sessions/dto/session.dto.js';

@ApiController('admin/users', 'admin users', { admin: true })
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  /** Every administrator, oldest first. */
  @Get()
  getAdminUsers(): Promise<AdminUserDto[]> {
    return this.users.list();
  }

  /** Adds an administrator. */
  @Post()
  @ApiErrors(400, { 409: 'Username already exists' })
  createAdminUser(@Body() dto: CreateAdminUserDto, @Actor() actor: ActivityActor): Promise<AdminUserDto> {
    return this.users.create(dto, actor);
  }

  /** Sets another administrator's password and ends their sessions (not for oneself). */
  @Put(':id/reset-password')
  @RecentAuthRequired()
  @ApiErrors(400, { 403: 'Your own password: use change-password', 404: ADMIN_NOT_FOUND })
  resetAdminUserPassword(
    @Actor() actor: ActivityActor,
    @AdminUserId() id: string,
    @Body() dto: ResetPasswordDto,
  ): Promise<AdminUserDto> {
    return this.users.resetPassword(actor, id, dto);
  }

  /** Ends every session of an administrator: each of their browsers is logged out on its next request. */
  @PostOk(':id/end-sessions')
  @ApiErrors({ 404: ADMIN_NOT_FOUND })
  async endAdminUserSessions(
    @AdminUserId() id: string,
    @Actor() actor: ActivityActor,
  ): Promise<EndedSessionsDto> {
    return { ended: await this.users.endSessions(actor, id) };
  }

  /** Deletes an administrator and ends their sessions; the last one cannot be deleted. */
  @DeleteNoContent(':id')
  @RecentAuthRequired()
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiErrors({ 404: ADMIN_NOT_FOUND, 409: 'Cannot delete the last admin user' })
  deleteAdminUser(@AdminUserId() id: string, @Actor() actor: ActivityActor): Promise<void> {
    return this.users.delete(id, actor);
  }
}
