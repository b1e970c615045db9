import { ApiProperty } from '@nestjs/swagger';
import { CORRECTION_FIELDS, CORRECTION_KINDS, type CorrectionKind } from 'contract';
import { IsIn, IsUUID } from 'class-validator';
import { ContractField } from '../../shops/dto/shop-field.decorator.js';
import { VisitorSubmissionDto } from './visitor-submission.dto.js';

/** What a correction is about: the shop, what is wrong, and the visitor's proposal. */
class CorrectionFields {
  /** The shop the correction is about. */
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'shopId must be a shop id (a UUID)' })
  shopId: string;

  /** What is wrong: the phone, the address, the hours, the shop closed for good, or something else. */
  @ApiProperty({ enum: CORRECTION_KINDS, example: 'phone' })
  @IsIn(CORRECTION_KINDS, { message: `kind must be one of: ${CORRECTION_KINDS.join(', ')}` })
  kind: CorrectionKind;

  /** The correct value (required unless there is a comment, or the shop closed for good). */
  @ContractField(CORRECTION_FIELDS.value)
  value?: string | null;

  @ContractField(CORRECTION_FIELDS.comment)
  comment?: string | null;
}

/** What a visitor sends with "Suggest a correction" on a shop's page. */
export class CreateCorrectionDto extends VisitorSubmissionDto(CorrectionFields) {}

/** What a visitor is told once their request is received. */
export class SubmissionReceiptDto {
  /** The short code to quote when asking about the request. @example "K7M4-Q2XD" */
  reference: string;
}
