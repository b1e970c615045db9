import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Between, Repository } from 'typeorm';
import { EXPIRING_WITHIN_DAYS, verificationCondition } from '../shops/admin-shops.service.js';
import { Shop } from '../shops/shop.entity.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
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
  'false-cert': 'certificado dudoso / certificate looks false',
  other: 'otra cosa / something else',
};

/**
 * An hourly digest to REQUESTS_DIGEST_TO (new requests, certificates ending within 30 days) and the outcome
 * to a submitter who left an address; Spanish then English, as the form asks no language.
 */
@Injectable()
export class RequestNotifications {
  constructor(
    @InjectRepository(VisitorRequest) private readonly requests: Repository<VisitorRequest>,
    @InjectRepository(Shop) private readonly shops: Repository<Shop>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mailer: Mailer,
    private readonly limits: RateLimits,
  ) {}

  /** The digest of the hour before `now`'s, by the replica that claims it first; answers its line count. */
  @PeriodicJob(EVERY_HOUR)
  async sendDigest(now = Date.now()): Promise<number> {
    const { digestTo } = this.config.visitorRequests;
    if (!this.mailer.enabled || !digestTo.length) return 0;
    const hourStart = Math.floor(now / HOUR_MS) * HOUR_MS - HOUR_MS;
    const found = await this.requests.find({
      where: { createdAt: Between(hourStart, hourStart + HOUR_MS - 1) },
      order: { createdAt: 'ASC' },
    });
    // One replica sends each hour's digest: the first to claim the hour (kept a day).
    const requests = found.length && (await this.limits.once('digest.hour', String(hourStart))) ? found : [];
    const expiring = await this.newlyExpiring(now);
    if (!requests.length && !expiring.length) return 0;
    const subject = [
      requests.length ? `Solicitudes nuevas / New requests: ${requests.length}` : '',
      expiring.length ? `Certificados por vencer / Certificates expiring: ${expiring.length}` : '',
    ];
    const text = requests.length
      ? [
          `Llegaron ${requests.length} solicitudes nuevas al directorio. Revísalas en /admin/requests.`,
          `${requests.length} new requests reached the directory. Review them at /admin/requests.`,
          '',
          ...requests.map(
            (request) =>
              `- ${request.reference}: ${request.shopName ?? '—'} · ${KIND_WORDS[request.kind ?? 'other']}`,
          ),
        ]
      : [];
    if (expiring.length)
      text.push(
        ...(text.length ? [''] : []),
        `Certificados que vencen en los próximos ${EXPIRING_WITHIN_DAYS} días; renuévalos en /admin/shops:`,
        `Certificates that end within the next ${EXPIRING_WITHIN_DAYS} days; renew them at /admin/shops:`,
        '',
        ...expiring.map(
          (shop) =>
            `- ${shop.name} (${shop.city}, ${shop.state}): ${shop.certificateNumber ?? '—'} · vence / ends ${shop.validUntil}`,
        ),
      );
    await this.mailer.send({
      to: digestTo,
      subject: subject.filter(Boolean).join(' · '),
      text: text.join('\n'),
    });
    return requests.length + expiring.length;
  }

  /**
   * Certificates ending within 30 days no digest has listed: each end (shop, number, last day) is claimed
   * once across replicas until past that day, so a renewal to another day is listed again near its end.
   */
  private async newlyExpiring(now: number): Promise<Shop[]> {
    const shops = await this.shops
      .createQueryBuilder('shop')
      .select([
        'shop.id',
        'shop.name',
        'shop.city',
        'shop.state',
        'shop.certificateNumber',
        'shop.validUntil',
      ])
      .where(...verificationCondition('expiring', now))
      .orderBy('shop.valid_until', 'ASC')
      .addOrderBy('shop.name_key', 'ASC')
      .getMany();
    const unlisted: Shop[] = [];
    for (const shop of shops)
      if (
        await this.limits.once('digest.expiry', shop.id, shop.certificateNumber ?? '', shop.validUntil ?? '')
      )
        unlisted.push(shop);
    return unlisted;
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
