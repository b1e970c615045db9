import { ApiPropertyOptional } from '@nestjs/swagger';
import { OptionalIn } from '../../common/dto-decorators.js';

/** One period of a shop's verification, as the shop's admin page lists them. */
export class VerificationPeriodDto {
  /** @example "ATM-2026/014" */
  certificateNumber: string;
  /** @example "2026-05-01" */
  verifiedOn: string;
  /** The last valid day; null: no expiry. @example "2027-05-01" */
  validUntil: string | null;
  note: string | null;
  /** The administrator whose session recorded it; null for an import, a restore or the server. */
  verifiedBy: string | null;
  /** Their username at the time. @example "carmen" */
  verifiedByName: string | null;
  /** When the period was recorded. */
  recordedAt: Date;
}

// Here, not beside the layout: importing that loads pdfkit, which only the certificate's worker needs.
export const CERTIFICATE_PAPERS = ['a4', 'letter'] as const;
export type CertificatePaper = (typeof CERTIFICATE_PAPERS)[number];

/** The paper the certificate is laid out for. */
export class CertificateQueryDto {
  @ApiPropertyOptional({ enum: CERTIFICATE_PAPERS, default: 'a4' })
  @OptionalIn('paper', CERTIFICATE_PAPERS)
  paper?: CertificatePaper = 'a4';
}
