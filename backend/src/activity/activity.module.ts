import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityEntry } from './activity-entry.entity.js';
import { ActivityRetentionService } from './activity-retention.service.js';
import { ActivityController } from './activity.controller.js';
import { ActivityService } from './activity.service.js';

/** The activity log; global, since every module that changes data writes to it. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ActivityEntry])],
  controllers: [ActivityController],
  providers: [ActivityService, ActivityRetentionService],
  exports: [ActivityService],
})
export class ActivityModule {}
