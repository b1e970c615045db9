import { Get, Query } from '@nestjs/common';
import { ApiController } from '../auth/admin-only.decorator.js';
import { ApiErrors } from '../common/route-decorators.js';
import { ActivityService } from './activity.service.js';
import { ActivityListDto, ActivityQueryDto } from './dto/activity.dto.js';

/** The activity log, read-only: there is no route that edits or deletes an entry. */
@ApiController('admin/activity', 'activity', { admin: true })
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  /**
   * One page of the activity log, newest first: who changed what and when, from which address.
   * Filters combine; `shopId` gives one shop's history (its first item is the last change).
   */
  @Get()
  @ApiErrors({
    400: 'A filter is invalid (see `errors`: INVALID_VALUE, INVALID_DATE, OUT_OF_RANGE when `to` is not after `from`, ...)',
  })
  getActivity(@Query() query: ActivityQueryDto): Promise<ActivityListDto> {
    return this.activity.list(query);
  }
}
