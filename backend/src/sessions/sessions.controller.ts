import { Get, Param, Req } from '@nestjs/common';
import { ApiNoContentResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { Actor, type ActivityActor } from '../activity/activity-actor.js';
import { ActivityService } from '../activity/activity.service.js';
import { ApiController, CurrentUser } from '../auth/admin-only.decorator.js';
import { ApiErrors, DeleteNoContent, PostOk } from '../common/route-decorators.js';
import { TransactionRunner } from '../database/transaction-runner.js';
import { AdminSessionDto, EndedSessionsDto } from './dto/session.dto.js';
import { describeUserAgent } from './session-device.js';
import { SessionsService } from './sessions.service.js';

/** Sessions belong to an admin by id: this controller needs nothing else of the account. */
type SessionOwner = { id: string };

/** The current administrator's own sessions: list them, end one, end all the others. */
@ApiController('auth/sessions', 'sessions', { admin: true })
export class SessionsController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly transactions: TransactionRunner,
    private readonly activity: ActivityService,
  ) {}

  /** My live sessions (device, address, started, last seen), the most recently used first. */
  @Get()
  getMySessions(@CurrentUser() user: SessionOwner, @Req() request: Request): Promise<AdminSessionDto[]> {
    return this.sessions.listOf(user.id, request.sessionID);
  }

  /** Ends one of my other sessions: its browser is logged out on its next request. */
  @DeleteNoContent(':id')
  @ApiNoContentResponse({ description: 'Ended' })
  @ApiErrors({ 404: 'Session not found', 409: 'The current session: log out instead' })
  async endMySession(
    @CurrentUser() user: SessionOwner,
    @Param('id') id: string,
    @Req() request: Request,
    @Actor() actor: ActivityActor,
  ): Promise<void> {
    await this.transactions.run(async (manager) => {
      const ended = await this.sessions.endOne(manager, user.id, id, request.sessionID);
      const { browser, os } = describeUserAgent(ended.userAgent);
      await this.activity.record(manager, {
        kind: 'session.ended',
        actor,
        details: { browser, os, address: ended.address },
      });
    });
  }

  /** Ends all my sessions but this one. */
  @PostOk('end-others')
  async endMyOtherSessions(
    @CurrentUser() user: SessionOwner,
    @Req() request: Request,
    @Actor() actor: ActivityActor,
  ): Promise<EndedSessionsDto> {
    return this.transactions.run(async (manager) => {
      const ended = await this.sessions.endSessionsOf(user.id, request.sessionID, manager);
      await this.activity.record(manager, {
        kind: 'sessions.others_ended',
        actor,
        details: { count: ended },
      });
      return { ended };
    });
  }
}
