import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Piscina } from 'piscina';
import { DataSource } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import { doneOf, type WorkerOutcome } from '../common/api-error.js';
import { backgroundPool } from '../common/background-pool.js';
import { bufferOf } from '../common/cloned-bytes.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { workerDatabaseOf } from '../database/worker-data-source.js';
import { PublicCatalog } from '../shops/public-catalog.js';
import { ShopWriter } from '../shops/shop-writer.js';
import { UploadsService } from '../uploads/uploads.service.js';
import type { CsvStep, DryRunTask, ExportTask, ImageAnswers, ImportTask } from './csv-import.worker.js';

type CsvWork = DryRunTask | ImportTask | ExportTask;

/** Shops CSV out and in, in the one CSV worker thread (imports run one at a time) on its own connection. */
@Injectable()
export class ShopsCsvService implements OnModuleDestroy {
  private pool?: Piscina<CsvWork, WorkerOutcome<CsvStep> | Uint8Array>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalog: PublicCatalog,
    private readonly writer: ShopWriter,
    private readonly uploads: UploadsService,
  ) {}

  /** The export file (see the worker's `exportShops`), of the catalogue as it is now. */
  async exportCsv(delimiter: ExportTask['delimiter']): Promise<Buffer> {
    const task: ExportTask = { shopsGzip: (await this.catalog.now()).shops.gzip, delimiter };
    return bufferOf((await this.workers.run(task, { name: 'exportShops' })) as Uint8Array);
  }

  /** Plans and applies an import (the worker's `importShops`), logged as `actor`'s; answers its JSON. */
  async importShops(
    file: Buffer,
    allOrNothing: boolean,
    actor: ActivityActor,
    fileName: string,
  ): Promise<Buffer> {
    const database = workerDatabaseOf(this.config.database, this.dataSource);
    const task = { token: randomUUID(), csv: file, allOrNothing, database, actor, fileName };
    const { answer, released } = await this.inSteps(task, 'importShops');
    await this.writer.releaseImages(released ?? []);
    return answer;
  }

  /** A preview, as the answer's JSON, planned against the public catalogue of the current data version. */
  async dryRun(file: Buffer, allOrNothing: boolean): Promise<Buffer> {
    const read = { token: randomUUID(), csv: file, allOrNothing };
    // The file is read first, so a refused file costs no catalogue copy; else the worker keeps what it read.
    if (!('needsShops' in (await this.step(read, 'dryRun'))))
      throw new Error('The CSV worker planned a dry run without the directory');
    const task = { ...read, shopsGzip: (await this.catalog.now()).shops.gzip };
    return (await this.inSteps(task, 'dryRun')).answer;
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }

  private get workers(): Piscina<CsvWork, WorkerOutcome<CsvStep> | Uint8Array> {
    return (this.pool ??= backgroundPool('shops-csv/csv-import.worker.js'));
  }

  /** One step of a task; a refused file throws its ApiError. */
  private async step(task: DryRunTask | ImportTask, name: 'dryRun' | 'importShops'): Promise<CsvStep> {
    return doneOf((await this.workers.run(task, { name })) as WorkerOutcome<CsvStep>);
  }

  /** Runs a task to its answer: new images are checked here with the object store, then it runs again. */
  private async inSteps(
    task: DryRunTask | ImportTask,
    name: 'dryRun' | 'importShops',
  ): Promise<{ answer: Buffer; released?: string[] }> {
    const images: ImageAnswers = [];
    for (let step = await this.step(task, name); ; step = await this.step({ ...task, images }, name)) {
      if ('answer' in step) return { answer: bufferOf(step.answer), released: step.released };
      if (!('imageChecks' in step)) throw new Error('The CSV worker asked for the directory twice');
      for (const key of step.imageChecks) images.push([key, await this.uploads.checkStoredImage(key)]);
    }
  }
}
