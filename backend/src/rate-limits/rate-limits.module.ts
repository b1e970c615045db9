import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RateLimitCounter } from './rate-limit.entity.js';
import { RateLimits } from './rate-limits.service.js';

/** The one rate limiter, for every module that limits something. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([RateLimitCounter])],
  providers: [RateLimits],
  exports: [RateLimits],
})
export class RateLimitsModule {}
