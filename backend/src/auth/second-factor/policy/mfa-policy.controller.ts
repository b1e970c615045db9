import { Body, Get, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { actorOf } from '../../../activity/activity-actor.js';
import { ApiController, ApiErrors } from '../../admin-only.decorator.js';
import { reauthenticationRequired, recentlyAuthenticated } from '../../recent-auth/recent-auth.js';
import { MfaPolicyDto, MfaPolicyStateDto } from '../dto/second-factors.dto.js';
import { MfaPolicyService } from './mfa-policy.service.js';

@ApiController('admin/mfa-policy', 'admin-users', { admin: true })
export class MfaPolicyController {
  constructor(private readonly policy: MfaPolicyService) {}

  /** Whether every administrator must have a second factor, and whether the server decides it. */
  @Get()
  async getMfaPolicy(): Promise<MfaPolicyStateDto> {
    return this.policy.state();
  }

  /** Turns the policy on or off; turning it off needs a recent re-authentication. */
  @Put()
  @ApiErrors(400, {
    403: 'REAUTHENTICATION_REQUIRED (turning it off): re-authenticate, then retry',
    409: 'MFA_POLICY_SET_BY_ENVIRONMENT: MFA_REQUIRED on the server decides',
  })
  async setMfaPolicy(@Body() dto: MfaPolicyDto, @Req() request: Request): Promise<MfaPolicyStateDto> {
    if (!dto.required && !recentlyAuthenticated(request)) throw reauthenticationRequired();
    await this.policy.setRequired(dto.required, actorOf(request));
    return this.policy.state();
  }
}
