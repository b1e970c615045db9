import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Piscina } from 'piscina';
import { apiErrorOf } from '../common/api-error.js';
import { backgroundPool } from '../common/background-pool.js';
import { bufferOf } from '../common/cloned-bytes.js';
import type { CsvOutcome, CsvStep, DryRunTask, ExportTask, ImportTask } from './csv-import.worker.js';

/**
 * Runs CSV exports, imports and dry runs in a worker thread (a pool of one, started on first use and
 * stopped when idle), so that reading, planning and writing 20,000 rows never holds the web
 * server's event loop, and their garbage stays out of the server's heap
 * (common/background-pool.ts). One thread: imports run one after another.
 */
@Injectable()
export class CsvImportPool implements OnModuleDestroy {
  private pool?: Piscina<DryRunTask | ImportTask | ExportTask, CsvOutcome | Uint8Array>;

  private get workers(): Piscina<DryRunTask | ImportTask | ExportTask, CsvOutcome | Uint8Array> {
    return (this.pool ??= backgroundPool('shops-csv/csv-import.worker.js'));
  }

  /** One step of a dry run (see the worker's `dryRun`); a refused file throws its ApiError. */
  dryRun(task: DryRunTask): Promise<CsvStep> {
    return this.run(task, 'dryRun');
  }

  /** One step of an import (see the worker's `importShops`). */
  importShops(task: ImportTask): Promise<CsvStep> {
    return this.run(task, 'importShops');
  }

  /** The export file's bytes (see the worker's `exportShops`). */
  async exportShops(task: ExportTask): Promise<Buffer> {
    return bufferOf((await this.workers.run(task, { name: 'exportShops' })) as Uint8Array);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }

  private async run(task: DryRunTask | ImportTask, name: string): Promise<CsvStep> {
    const outcome = (await this.workers.run(task, { name })) as CsvOutcome;
    if ('step' in outcome) return outcome.step;
    throw apiErrorOf(outcome.refused);
  }
}
