import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { ObjectStorage } from '../uploads/object-storage.js';

/** Whether this instance can serve: its database and its object store answer. */
export class HealthDto {
  /** @example "ok" */
  status: 'ok' | 'unavailable';
  /** @example "up" */
  database: 'up' | 'down';
  /** @example "up" */
  storage: 'up' | 'down';
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
  ) {}

  /** For load balancers and orchestrators: 200 when the database and the object store answer, else 503. */
  @Get()
  @ApiOkResponse({ type: HealthDto })
  @ApiServiceUnavailableResponse({
    type: HealthDto,
    description: 'The database or the object store does not answer (the body says which)',
  })
  async getHealth(@Res() response: Response): Promise<void> {
    const database = await within(this.dataSource.query('SELECT 1'), 3000).then(
      () => 'up' as const,
      () => 'down' as const,
    );
    const storage = await within(this.storage.stat('health/probe'), 3000).then(
      () => 'up' as const,
      () => 'down' as const,
    );
    const healthy = database === 'up' && storage === 'up';
    response.setHeader('Cache-Control', 'no-store');
    response
      .status(healthy ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE)
      .json({ status: healthy ? 'ok' : 'unavailable', database, storage } satisfies HealthDto);
  }
}
