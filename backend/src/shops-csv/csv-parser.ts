import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Piscina } from 'piscina';
import { ApiError } from '../common/api-error.js';
import { workerFile } from '../common/worker-file.js';
import type { CsvParseOutcome } from './csv-parse.worker.js';
import type { ParsedShopsCsv } from './shop-csv-format.js';

/**
 * Reads import files in a worker thread (a pool of one, started on first use and stopped when
 * idle), so that parsing 20,000 rows or a flood of lines never holds the web server's event loop,
 * and its garbage stays out of the server's heap. The worker's heap has a limit of its own.
 */
@Injectable()
export class CsvParser implements OnModuleDestroy {
  private pool?: Piscina<Uint8Array, CsvParseOutcome>;

  async parse(bytes: Buffer): Promise<ParsedShopsCsv> {
    this.pool ??= new Piscina({
      filename: workerFile('shops-csv/csv-parse.worker.js'),
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 30_000,
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
    });
    const outcome = await this.pool.run(bytes);
    if ('refused' in outcome) {
      const { status, code, message, details } = outcome.refused;
      throw new ApiError(status, code, message, details);
    }
    return outcome.parsed;
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }
}
