import { Controller, Get, Header, Param, Query, Req, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { ApiErrors, binaryContent } from '../../common/route-decorators.js';
import { idParam } from '../../common/id-param.js';
import { publicOrigin } from '../../common/public-url.js';
import { SHOP_NOT_FOUND, shopNotFound } from '../shops.service.js';
import { CertificatesService } from './certificates.service.js';
import { CertificateQueryDto, VerificationPeriodDto } from './verification-period.dto.js';

@ApiTags('shops')
@AdminOnly()
@Controller('admin/shops')
export class CertificatesController {
  constructor(private readonly certificates: CertificatesService) {}

  /**
   * The shop's current certificate to print (Spanish with English beneath): its name, city,
   * number, period, the alliance's mark and a QR code that opens the shop's public page with the
   * number, where a visitor sees whether it is current.
   */
  @Get(':id/certificate')
  @ApiOkResponse({ description: 'The PDF', content: binaryContent('application/pdf') })
  @ApiErrors({
    400: 'paper is invalid',
    404: SHOP_NOT_FOUND,
    409: 'SHOP_NOT_CERTIFIED: the shop has no certificate number',
  })
  @Header('Cache-Control', 'no-store')
  async getCertificate(
    @Param('id', idParam(shopNotFound)) id: string,
    @Query() query: CertificateQueryDto,
    @Req() request: Request,
  ): Promise<StreamableFile> {
    const { pdf, fileName } = await this.certificates.certificate(
      id,
      publicOrigin(request),
      query.paper ?? 'a4',
    );
    const disposition = `attachment; filename="${fileName}"`;
    return new StreamableFile(pdf, { type: 'application/pdf', disposition, length: pdf.length });
  }

  /** Every period of the shop's verification, the latest first (renewals keep the earlier ones). */
  @Get(':id/verification-periods')
  @ApiErrors({ 404: SHOP_NOT_FOUND })
  getVerificationPeriods(@Param('id', idParam(shopNotFound)) id: string): Promise<VerificationPeriodDto[]> {
    return this.certificates.periods(id);
  }
}
