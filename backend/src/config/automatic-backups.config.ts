import { validateCronExpression } from 'cron';
import { ConfigError, integer, type Env } from './env-values.js';

/** Full backups written into the object store on a schedule (under `backups/`). */
export interface AutomaticBackupsConfig {
  /** A cron pattern (5 fields, or 6 with seconds first); null when BACKUP_SCHEDULE=off. */
  schedule: string | null;
  /** The schedule's clock: the directory's country, whatever zone the servers run in. */
  timeZone: string;
  /** How many stored backups are kept; older ones are deleted after each new one. */
  keep: number;
}

export const BACKUP_TIME_ZONE = 'America/Mexico_City';

export function parseAutomaticBackups(env: Env): AutomaticBackupsConfig {
  const keep = integer(env, 'BACKUP_KEEP', 14, 1, 10_000);
  const raw = env.BACKUP_SCHEDULE?.trim() || '0 3 * * *';
  if (raw.toLowerCase() === 'off') return { schedule: null, timeZone: BACKUP_TIME_ZONE, keep };
  // A pattern the scheduler refuses is refused at boot, not at 03:00.
  const { valid, error } = validateCronExpression(raw);
  if (!valid)
    throw new ConfigError(
      `BACKUP_SCHEDULE must be a cron pattern such as "0 3 * * *" (daily at 03:00) or "off", got "${raw}": ${error?.message}`,
    );
  return { schedule: raw, timeZone: BACKUP_TIME_ZONE, keep };
}
