import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, LessThanOrEqual, Like, type Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { JobLockService } from '../database/job-lock.service.js';
import { EVERY_HOUR, PeriodicJob } from '../database/periodic-job.js';
import { SystemFlag, UnattachedObject } from '../database/database.entity.js';
import { Shop } from '../shops/shop.entity.js';
import { ObjectStorage } from '../uploads/object-storage.js';
import { UPLOAD_CLAIM_PREFIX, UPLOAD_URL_SECONDS } from '../uploads/uploads.service.js';
import { VisitorRequest } from '../visitor-requests/visitor-request.entity.js';
import { FULL_BACKUP_LOCK_PREFIX } from './backup.service.js';

/** What one sweep did; `skipped` says why it deleted nothing. */
export type SweepResult = { deleted: number; kept: number } | { skipped: 'a full backup is being written' };

/**
 * Deletes images unused (marked in unattached_object) for the grace period and expired links' claims,
 * none while a full backup is written. Of two replicas sweeping, only the one whose conditional delete
 * removed the mark deletes the image; a backup starting mid-sweep is safe, as an image its shops dropped
 * has a mark newer than the cut-off.
 */
@Injectable()
export class ImageSweepService {
  private readonly logger = new Logger('ImageSweep');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(UnattachedObject) private readonly marks: Repository<UnattachedObject>,
    @InjectRepository(Shop) private readonly shops: Repository<Shop>,
    @InjectRepository(VisitorRequest) private readonly requests: Repository<VisitorRequest>,
    @InjectRepository(SystemFlag) private readonly flags: Repository<SystemFlag>,
    private readonly locks: JobLockService,
    private readonly storage: ObjectStorage,
  ) {}

  /** One sweep; `now` lets a test stand after the grace period without waiting for it. */
  @PeriodicJob(EVERY_HOUR)
  async sweep(now = Date.now()): Promise<SweepResult> {
    if (await this.locks.isAnyHeld(FULL_BACKUP_LOCK_PREFIX)) {
      return { skipped: 'a full backup is being written' };
    }
    const cutoff = now - this.config.storageQuotas.imageGraceHours * 3_600_000;
    let deleted = 0;
    let kept = 0;
    for (const { key } of await this.marks.findBy({ since: LessThanOrEqual(cutoff) })) {
      const path = `/objects/${key}`;
      // A visitor's quarantined image waits (marked) while its listing request does; once the
      // request is decided, or if none ever named it, it goes like any unused upload.
      const namedByPendingRequest = () =>
        this.requests
          .createQueryBuilder('request')
          .where("request.status = 'pending' AND request.type = 'listing'")
          .andWhere('request.proposedShop LIKE :path', { path: `%"${path}"%` })
          .getExists();
      if (key.startsWith('quarantine/') && (await namedByPendingRequest())) {
        kept++;
        continue;
      }
      const used = await this.shops
        .createQueryBuilder('shop')
        .where('shop.logo = :path OR shop.mapImageUrl = :path', { path })
        .getExists();
      // Only a mark still older than the cut-off: one renewed since was released again.
      const { affected } = await this.marks.delete({ key, since: LessThanOrEqual(cutoff) });
      if (used || !affected) {
        kept++;
        continue;
      }
      await this.storage.delete(key);
      deleted++;
    }
    // A link's claim only matters while the link is valid: an expired link is refused anyway.
    await this.flags.delete({
      name: Like(`${UPLOAD_CLAIM_PREFIX}%`),
      createdAt: LessThan(new Date(now - UPLOAD_URL_SECONDS * 1000)),
    });
    if (deleted) this.logger.log(`Deleted ${deleted} image(s) no shop used`);
    return { deleted, kept };
  }
}
