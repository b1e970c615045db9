import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { ApiError } from '../common/api-error.js';
import type { CsvParseOutcome } from './csv-parse.worker.js';
import type { ParsedShopsCsv } from './shop-csv-format.js';

/**
 * The worker's file. Built, it is the compiled file beside this one; run from source (the
 * backend's tests, on TypeScript), it is the build's copy (`npm test` builds first): a worker
 * thread loads JavaScript only.
 */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  const file = here.endsWith('.ts')
    ? here.replace(/\/src\/shops-csv\/[^/]+\.ts$/, '/dist/shops-csv/csv-parse.worker.js')
    : here.replace(/[^/]+\.js$/, 'csv-parse.worker.js');
  if (!existsSync(file)) throw new Error(`${file} is missing: build the backend (npm run build -w backend)`);
  return file;
}

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
      filename: workerFile(),
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
