import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { ShutdownState } from '../observability/shutdown-state.js';
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

/** Whether this process runs at all (it says nothing of the database or the store). */
export class LivenessDto {
  /** @example "ok" */
  status: 'ok';
}

/** Whether this replica should get requests: not stopping, and its database and store answer. */
export class ReadinessDto extends HealthDto {
  /** @example false */
  draining: boolean;
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
    private readonly shutdown: ShutdownState,
  ) {}

  /** For load balancers and orchestrators: 200 when the database and the object store answer, else 503. */
  @Get()
  @ApiOkResponse({ type: HealthDto })
  @ApiServiceUnavailableResponse({
    type: HealthDto,
    description: 'The database or the object store does not answer (the body says which)',
  })
  async getHealth(@Res() response: Response): Promise<void> {
    const health = await this.check();
    send(response, health.status === 'ok', health);
  }

  /** Liveness: 200 while the process runs, also while it drains on SIGTERM (do not restart it). */
  @Get('live')
  @ApiOkResponse({ type: LivenessDto })
  getLive(@Res() response: Response): void {
    send(response, true, { status: 'ok' } satisfies LivenessDto);
  }

  /** Readiness: 200 when this replica should get requests; 503 while it stops (SIGTERM) or cannot serve. */
  @Get('ready')
  @ApiOkResponse({ type: ReadinessDto })
  @ApiServiceUnavailableResponse({
    type: ReadinessDto,
    description:
      'The replica is stopping, or its database or object store does not answer (the body says which)',
  })
  async getReady(@Res() response: Response): Promise<void> {
    const draining = this.shutdown.draining;
    const health: HealthDto = draining
      ? { status: 'unavailable', database: 'up', storage: 'up' }
      : await this.check();
    send(response, health.status === 'ok', { ...health, draining } satisfies ReadinessDto);
  }

  /** Both asked at once, each given 3 s. */
  private async check(): Promise<HealthDto> {
    const answers = (promise: Promise<unknown>) =>
      Promise.race([promise.then(() => 'up' as const), sleep(3000, 'down' as const, { ref: false })]).catch(
        () => 'down' as const,
      );
    const [database, storage] = await Promise.all([
      answers(this.dataSource.query('SELECT 1')),
      answers(this.storage.stat('health/probe')),
    ]);
    return { status: database === 'up' && storage === 'up' ? 'ok' : 'unavailable', database, storage };
  }
}

function send(response: Response, ok: boolean, body: object): void {
  response.setHeader('Cache-Control', 'no-store');
  response.status(ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).json(body);
}
