import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import { bufferOf } from '../common/cloned-bytes.js';
import type { AppConfig } from '../config/app.config.js';
import { APP_CONFIG } from '../config/config.token.js';
import { workerDatabaseOf } from '../database/worker-data-source.js';
import { PublicCatalog } from '../shops/public-catalog.js';
import { ShopWriter } from '../shops/shop-writer.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { CsvImportPool } from './csv-import-pool.js';
import type { CsvStep, CsvTask, ExportTask, ImageAnswers } from './csv-import.worker.js';

export interface ImportOptions {
  allOrNothing: boolean;
  /** Who imports (the import is logged as theirs). */
  actor: ActivityActor;
  /** The uploaded file's name, for the log entry. */
  fileName?: string;
}

/**
 * The directory as a spreadsheet: every shop out as CSV, and a CSV in as shops created and
 * updated, previewed first (dry run), validated by the API's own shop rules and applied in one
 * transaction.
 */
@Injectable()
export class ShopsCsvService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalog: PublicCatalog,
    private readonly writer: ShopWriter,
    private readonly uploads: UploadsService,
    private readonly pool: CsvImportPool,
  ) {}

  /** The export file (see the CSV worker's `exportShops`), of the catalogue as it is now. */
  async exportCsv(delimiter: ExportTask['delimiter']): Promise<Buffer> {
    return this.pool.exportShops({ shopsGzip: (await this.catalog.now()).shops.gzip, delimiter });
  }

  /**
   * Plans and applies an import in one transaction, in the CSV worker on its own database
   * connection (see its `importShops`); the answer comes as its JSON, written there.
   */
  async importShops(file: Buffer, { allOrNothing, actor, fileName }: ImportOptions): Promise<Buffer> {
    const database = workerDatabaseOf(this.config.database, this.dataSource);
    const task = { token: randomUUID(), csv: file, allOrNothing, database, actor, fileName };
    const { answer, released } = await this.inSteps(task, (step) => this.pool.importShops(step));
    await this.writer.releaseImages(released ?? []);
    return answer;
  }

  /**
   * A preview, as the answer's JSON: the file read and planned in the CSV worker against the
   * public catalogue (the directory as of the current data version), so that thousands of rows
   * never hold the event loop.
   */
  async dryRun(file: Buffer, { allOrNothing }: Pick<ImportOptions, 'allOrNothing'>): Promise<Buffer> {
    const read = { token: randomUUID(), csv: file, allOrNothing };
    // The file is read before the directory is asked for: a file refused for its own sake (a
    // header and 200,000 empty lines) costs neither the catalogue's compressed list nor its copy.
    // A refusal throws here; otherwise the worker keeps what it read for the next step.
    if (!('needsShops' in (await this.pool.dryRun(read))))
      throw new Error('The CSV worker planned a dry run without the directory');
    const task = { ...read, shopsGzip: (await this.catalog.now()).shops.gzip };
    return (await this.inSteps(task, (step) => this.pool.dryRun(step))).answer;
  }

  /**
   * Runs a task's steps to its answer: the uploaded images its rows newly point to are checked
   * here, with the object store (asynchronous input and output, no work for the event loop),
   * and the task runs again with the answers.
   */
  private async inSteps<Task extends CsvTask>(
    task: Task,
    run: (task: Task) => Promise<CsvStep>,
  ): Promise<{ answer: Buffer; released?: string[] }> {
    const images: ImageAnswers = [];
    for (let step = await run(task); ; step = await run({ ...task, images })) {
      if ('answer' in step) return { answer: bufferOf(step.answer), released: step.released };
      if (!('imageChecks' in step)) throw new Error('The CSV worker asked for the directory twice');
      for (const key of step.imageChecks) images.push([key, await this.uploads.checkStoredImage(key)]);
    }
  }
}
