import { Cron, CronExpression } from '@nestjs/schedule';

/** How every periodic job runs (and the automatic backups, scheduled from configuration). */
export const PERIODIC_JOB_OPTIONS = {
  // Never twice at once in this process: a run still going when its next time comes skips it.
  waitForCompletion: true,
  // A stopping process is not kept alive by the wait for the next run.
  unrefTimeout: true,
} as const;

/** Once a day at 03:17, away from the top of the hour when the automatic backup runs. */
export const EVERY_DAY = '17 3 * * *';
export const { EVERY_HOUR, EVERY_MINUTE } = CronExpression;

/**
 * Runs the method on `cronTime` (@nestjs/schedule; a failure is logged by its "Scheduler").
 * Every replica runs the same jobs: a job that only one replica may run at a time takes the
 * job lock itself (JobLockService.tryRun), so that calling it directly behaves the same.
 */
export const PeriodicJob = (cronTime: string): MethodDecorator => Cron(cronTime, PERIODIC_JOB_OPTIONS);
