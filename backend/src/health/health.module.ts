import { Module } from '@nestjs/common';
import { UploadsModule } from '../uploads/uploads.module.js';
import { HealthController } from './health.controller.js';

/** GET /api/health: readiness of this instance (database and object storage reachable). */
@Module({ imports: [UploadsModule], controllers: [HealthController] })
export class HealthModule {}
