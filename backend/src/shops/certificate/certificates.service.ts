import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { certificateCheckUrl } from 'contract';
import type { Piscina } from 'piscina';
import { DataSource } from 'typeorm';
import { ApiError } from '../../common/api-error.js';
import { backgroundPool } from '../../common/background-pool.js';
import { bufferOf } from '../../common/cloned-bytes.js';
import { Shop } from '../shop.entity.js';
import { ShopVerificationPeriod } from '../shop-verification-period.entity.js';
import { shopNotFound } from '../shops.service.js';
// Types only: the worker's module (and pdfkit, which reads its font files by path) stays out of the bundle.
import type { CertificateContent } from './certificate-pdf.js';
import type { CertificatePaper, VerificationPeriodDto } from './verification-period.dto.js';

/** A shop's certificate to print, made on demand in a worker, and the history of its verification. */
@Injectable()
export class CertificatesService implements OnModuleDestroy {
  private pool?: Piscina<CertificateContent, Uint8Array>;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The shop's current certificate as a PDF, its QR code leading to `origin`'s page of the shop. */
  async certificate(
    id: string,
    origin: string,
    paper: CertificatePaper,
  ): Promise<{ pdf: Buffer; fileName: string }> {
    const shop = await this.dataSource.getRepository(Shop).findOneBy({ id });
    if (!shop) throw shopNotFound();
    const { certificateNumber, verifiedOn } = shop;
    if (!certificateNumber || !verifiedOn)
      throw new ApiError(409, 'SHOP_NOT_CERTIFIED', 'The shop has no certificate number to print');
    this.pool ??= backgroundPool('shops/certificate/certificate-pdf.js', { idleMs: 10_000 });
    const checkUrl = certificateCheckUrl(origin, shop.slug, certificateNumber);
    const bytes = await this.pool.run({ ...shop, certificateNumber, verifiedOn, checkUrl, paper });
    const number = certificateNumber.replace(/[^A-Z0-9-]/g, '-');
    return { pdf: bufferOf(bytes), fileName: `atm-certificado-${number}.pdf` };
  }

  /** Every period of the shop's verification, the latest first. */
  async periods(id: string): Promise<VerificationPeriodDto[]> {
    if (!(await this.dataSource.getRepository(Shop).existsBy({ id }))) throw shopNotFound();
    const rows = await this.dataSource
      .getRepository(ShopVerificationPeriod)
      .find({ where: { shopId: id }, order: { recordedAt: 'DESC', id: 'ASC' } });
    // The entity's columns after the two ids are the DTO's, in its order.
    return rows.map(({ id: _id, shopId: _shopId, recordedAt, ...period }) => ({
      ...period,
      recordedAt: new Date(recordedAt),
    }));
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }
}
