import { Body, Get, Param, Query } from '@nestjs/common';
import { Actor, type ActivityActor } from '../activity/activity-actor.js';
import { ApiController } from '../auth/admin-only.decorator.js';
import { ApiErrors, PostOk } from '../common/route-decorators.js';
import { idParam } from '../common/id-param.js';
import { AdminRequestsService, requestNotFound } from './admin-requests.service.js';
import {
  AdminRequestDto,
  AdminRequestListDto,
  AdminRequestListQueryDto,
  ApproveRequestDto,
  MarkSpamDto,
  MarkSpamResultDto,
  PendingRequestsDto,
  RejectRequestDto,
} from './dto/admin-requests.dto.js';

/** The request's id in the path; 404 when it is not one. */
const RequestId = () => Param('id', idParam(requestNotFound));

/** The administrators' queue of visitors' corrections and listing requests. */
@ApiController('admin/requests', 'admin requests', { admin: true })
export class AdminRequestsController {
  constructor(private readonly requests: AdminRequestsService) {}

  /** The queue, newest first, with the shop's current value beside each proposal. */
  @Get()
  @ApiErrors(400)
  getAdminRequests(@Query() query: AdminRequestListQueryDto): Promise<AdminRequestListDto> {
    return this.requests.list(query);
  }

  /** How many requests wait for a decision. */
  @Get('pending-count')
  async getPendingRequestCount(): Promise<PendingRequestsDto> {
    return { pending: await this.requests.pendingCount() };
  }

  /** One request, with a listing request's proposed shop. */
  @Get(':id')
  @ApiErrors({ 404: 'Request not found' })
  getAdminRequest(@RequestId() id: string): Promise<AdminRequestDto> {
    return this.requests.one(id);
  }

  /** Approves a request (optionally with an edited value or shop) and applies it. */
  @PostOk(':id/approve')
  @ApiErrors(400, { 404: 'Request or shop not found', 409: 'Already decided' })
  approveRequest(
    @RequestId() id: string,
    @Body() body: ApproveRequestDto,
    @Actor() actor: ActivityActor,
  ): Promise<AdminRequestDto> {
    return this.requests.approve(id, body, actor);
  }

  /** Rejects a request with an optional reason; the shop does not change. */
  @PostOk(':id/reject')
  @ApiErrors(400, { 404: 'Request not found', 409: 'Already decided' })
  rejectRequest(
    @RequestId() id: string,
    @Body() body: RejectRequestDto,
    @Actor() actor: ActivityActor,
  ): Promise<AdminRequestDto> {
    return this.requests.reject(id, body.reason, actor);
  }

  /** Marks pending requests as spam, many at once. */
  @PostOk('spam')
  @ApiErrors(400)
  markRequestsAsSpam(@Body() body: MarkSpamDto, @Actor() actor: ActivityActor): Promise<MarkSpamResultDto> {
    return this.requests.markSpam(body.ids, actor);
  }
}
