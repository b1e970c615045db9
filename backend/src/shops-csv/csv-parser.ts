import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Piscina } from 'piscina';
import { ApiError } from '../common/api-error.js';
import { backgroundPool } from '../common/background-pool.js';
import { bufferOf } from '../common/cloned-bytes.js';
import { TimeSlices } from '../common/event-loop-turns.js';
import type {
  CsvDryRunOutcome,
  CsvParseOutcome,
  CsvRefusal,
  DryRunPlan,
  DryRunTask,
} from './csv-parse.worker.js';
import type { CsvRow, ParsedShopsCsv } from './shop-csv-format.js';

/**
 * Reads import files in a worker thread (a pool of one, started on first use and stopped when
 * idle), so that parsing 20,000 rows or a flood of lines never holds the web server's event loop,
 * and its garbage stays out of the server's heap (common/background-pool.ts).
 */
@Injectable()
export class CsvParser implements OnModuleDestroy {
  private pool?: Piscina<unknown, CsvParseOutcome | CsvDryRunOutcome>;

  private get workers(): Piscina<unknown, CsvParseOutcome | CsvDryRunOutcome> {
    return (this.pool ??= backgroundPool('shops-csv/csv-parse.worker.js'));
  }

  async parse(bytes: Buffer): Promise<ParsedShopsCsv> {
    const outcome = (await this.workers.run(bytes)) as CsvParseOutcome;
    if ('refused' in outcome) throw refusal(outcome.refused);
    const { rows, ...file } = outcome.parsed;
    return { ...file, rows: await rowsOf(bufferOf(rows)) };
  }

  /** A dry run in the worker (see the worker's `dryRun`). */
  async dryRun(task: DryRunTask): Promise<DryRunPlan> {
    const outcome = (await this.workers.run(task, { name: 'dryRun' })) as CsvDryRunOutcome;
    if ('refused' in outcome) throw refusal(outcome.refused);
    return outcome.planned;
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }
}

/** The worker's rows, one line of JSON each, read in slices of the event loop. */
async function rowsOf(lines: Buffer): Promise<CsvRow[]> {
  const rows: CsvRow[] = [];
  const slices = new TimeSlices();
  for (let start = 0; start < lines.length;) {
    const newline = lines.indexOf(0x0a, start);
    const end = newline < 0 ? lines.length : newline;
    rows.push(JSON.parse(lines.toString('utf8', start, end)) as CsvRow);
    start = end + 1;
    await slices.turn();
  }
  return rows;
}

const refusal = ({ status, code, message, details }: CsvRefusal) =>
  new ApiError(status, code, message, details);
