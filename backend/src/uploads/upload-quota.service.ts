import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/api-error.js';
import { isUniqueViolation } from '../common/database-errors.js';
import type { AppConfig } from '../config/app.config.js';
import { APP_CONFIG } from '../config/config.token.js';
import { UploadQuota } from './upload-quota.entity.js';

/** For people reading the API; the screens translate the code TOO_MANY_UPLOADS. */
export const TOO_MANY_UPLOADS =
  'Too many image uploads in a short time. Please wait a few minutes and try again.';

/** 429 with the seconds to wait; the exception filter turns it into a Retry-After header. */
export class TooManyUploadLinksException extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'TOO_MANY_UPLOADS', TOO_MANY_UPLOADS);
  }
}

/**
 * At most UPLOAD_LINKS_PER_WINDOW upload links per admin session in each fixed window of
 * UPLOAD_LINK_WINDOW_MINUTES: each link lets the browser store up to 5 MB, so one session
 * (a stolen cookie, a runaway script) cannot fill the disk or the bucket. The count is a row per
 * session and window, raised by one atomic statement, so it holds across instances.
 */
@Injectable()
export class UploadQuotaService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** Counts one more link for the session, or throws 429 when its window is used up. */
  async take(sessionId: string, now = Date.now()): Promise<void> {
    const { uploadLinksPerWindow, uploadLinkWindowMinutes } = this.config.storageQuotas;
    const windowMs = uploadLinkWindowMinutes * 60_000;
    const window = Math.floor(now / windowMs);
    const windowEndsAt = (window + 1) * windowMs;
    const key = createHash('sha256').update(`${sessionId}|${window}`).digest('hex');
    const quotas = this.dataSource.getRepository(UploadQuota);
    // Each request adds exactly one in the database (no read-modify-write), so requests of one
    // session at the same instant are all counted; the first of a window inserts the row.
    const { affected } = await quotas.increment({ key }, 'links', 1);
    if (!affected) {
      try {
        await quotas.insert({ key, links: 1, windowEndsAt });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        await quotas.increment({ key }, 'links', 1);
      }
    }
    const { links } = await quotas.findOneByOrFail({ key });
    if (links > uploadLinksPerWindow) {
      throw new TooManyUploadLinksException(Math.max(1, Math.ceil((windowEndsAt - now) / 1000)));
    }
  }
}
