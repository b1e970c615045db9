import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Cron } from 'croner';

/** Cron patterns of the periodic jobs (croner's syntax: [second] minute hour day month weekday). */
export const EVERY_SECOND = '* * * * * *';
export const EVERY_MINUTE = '* * * * *';
export const EVERY_HOUR = '0 * * * *';
export const EVERY_DAY = '17 3 * * *';

/**
 * The backend's periodic work on one scheduler (croner, already the automatic backups' clock):
 * each job runs on its pattern, never twice at once in this process (`protect`), without
 * keeping a stopping process alive (`unref`), and a failure is logged under the job's name
 * instead of being lost. Every replica schedules the same jobs; the jobs take the job lock
 * (JobLockService.tryRun) where only one replica may do the work.
 */
@Injectable()
export class JobScheduler implements OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly jobs: Cron[] = [];

  /** Runs `work` on `pattern` (in `timeZone`, the server's zone when omitted) until shutdown. */
  schedule(name: string, pattern: string, work: () => Promise<unknown>, timeZone?: string): Cron {
    // Unnamed for croner, whose names are global to the process (tests run several apps in one).
    const job = new Cron(pattern, { timezone: timeZone, unref: true, protect: true }, async () => {
      await work().catch((error: Error) => this.logger.error(`${name} failed: ${error.message}`));
    });
    this.jobs.push(job);
    return job;
  }

  onApplicationShutdown(): void {
    for (const job of this.jobs.splice(0)) job.stop();
  }
}
