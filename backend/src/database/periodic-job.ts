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

/** Runs on `cronTime` on every replica; a one-replica job takes the lock itself, so a direct call agrees. */
export const PeriodicJob = (cronTime: string): MethodDecorator => Cron(cronTime, PERIODIC_JOB_OPTIONS);
