import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Between, Repository } from 'typeorm';
import type { AppConfig } from '../config/app.config.js';
import { APP_CONFIG } from '../config/config.token.js';
import { EVERY_HOUR, PeriodicJob } from '../database/periodic-job.js';
import { Mailer } from './mailer.js';
import { RateLimits } from '../rate-limits/rate-limits.service.js';
import { VisitorRequest } from './visitor-request.entity.js';

const HOUR_MS = 3_600_000;

const KIND_WORDS: Record<string, string> = {
  phone: 'teléfono / phone',
  address: 'dirección / address',
  hours: 'horario / opening hours',
  closed: 'cerró / closed for good',
  other: 'otra cosa / something else',
};

/**
 * The queue's e-mails: an hourly digest to REQUESTS_DIGEST_TO, the outcome to a submitter who left
 * an address; Spanish then English, as the form asks no language.
 */
@Injectable()
export class RequestNotifications {
  constructor(
    @InjectRepository(VisitorRequest) private readonly requests: Repository<VisitorRequest>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mailer: Mailer,
    private readonly limits: RateLimits,
  ) {}

  /** The digest of the hour before `now`'s, by the replica that claims it first; how many it listed. */
  @PeriodicJob(EVERY_HOUR)
  async sendDigest(now = Date.now()): Promise<number> {
    const { digestTo } = this.config.visitorRequests;
    if (!this.mailer.enabled || !digestTo.length) return 0;
    const hourStart = Math.floor(now / HOUR_MS) * HOUR_MS - HOUR_MS;
    const requests = await this.requests.find({
      where: { createdAt: Between(hourStart, hourStart + HOUR_MS - 1) },
      order: { createdAt: 'ASC' },
    });
    // One replica sends each hour's digest: the first to claim the hour (kept a day).
    if (!requests.length || !(await this.limits.once('digest.hour', String(hourStart)))) return 0;
    const lines = requests.map(
      (request) =>
        `- ${request.reference}: ${request.shopName ?? '—'} · ${KIND_WORDS[request.kind ?? 'other']}`,
    );
    await this.mailer.send({
      to: digestTo,
      subject: `Solicitudes nuevas / New requests: ${requests.length}`,
      text: [
        `Llegaron ${requests.length} solicitudes nuevas al directorio. Revísalas en /admin/requests.`,
        `${requests.length} new requests reached the directory. Review them at /admin/requests.`,
        '',
        ...lines,
      ].join('\n'),
    });
    return requests.length;
  }

  /** Tells the submitter how their request was decided (when they left an e-mail). */
  async sendOutcome(request: VisitorRequest): Promise<void> {
    if (!request.submitterEmail || (request.status !== 'approved' && request.status !== 'rejected')) return;
    const approved = request.status === 'approved';
    const reason = request.decisionReason ? `\nMotivo / Reason: ${request.decisionReason}` : '';
    await this.mailer.send({
      to: request.submitterEmail,
      subject: `Tu sugerencia ${request.reference} / Your suggestion ${request.reference}`,
      text:
        [
          approved
            ? `Gracias: aprobamos tu sugerencia ${request.reference} sobre ${request.shopName ?? 'el taller'}.`
            : `Gracias: revisamos tu sugerencia ${request.reference} sobre ${request.shopName ?? 'el taller'} y no la aplicamos.`,
          approved
            ? `Thank you: we approved your suggestion ${request.reference} about ${request.shopName ?? 'the shop'}.`
            : `Thank you: we reviewed your suggestion ${request.reference} about ${request.shopName ?? 'the shop'} and did not apply it.`,
        ].join('\n') + reason,
    });
  }
}
