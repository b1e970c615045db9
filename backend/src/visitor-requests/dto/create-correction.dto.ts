import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CORRECTION_FIELDS, CORRECTION_KINDS } from 'contract';
import { IsBoolean, IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { ContractField } from '../../shops/dto/shop-field.decorator.js';
import type { CorrectionKind } from '../visitor-request.entity.js';

/** The most characters of the proof-of-work answer (a base64 JSON of a few hundred bytes). */
export const MAX_PROOF_LENGTH = 4096;

/** What a visitor sends with "Suggest a correction" on a shop's page. */
export class CreateCorrectionDto {
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

  /** The submitter's name, to be told the outcome (optional; erased after the retention period). */
  @ContractField(CORRECTION_FIELDS.name)
  name?: string | null;

  /** The submitter's e-mail, to be told the outcome (optional; needs `consent`). */
  @ContractField(CORRECTION_FIELDS.email)
  email?: string | null;

  /** True when the submitter agrees that their name and e-mail are kept until the decision. */
  @ApiPropertyOptional({ type: Boolean })
  @IsOptional()
  @IsBoolean({ message: 'consent must be true or false' })
  consent?: boolean;

  /** Left empty by people (the field is hidden); a robot that fills it is answered but not queued. */
  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString({ message: 'homepage must be text' })
  @MaxLength(500, { message: 'homepage must be at most 500 characters' })
  homepage?: string;

  /** The ALTCHA widget's answer to a challenge of `GET /api/requests/challenge` (base64 JSON). */
  @ApiPropertyOptional({ maxLength: MAX_PROOF_LENGTH })
  @IsOptional()
  @IsString({ message: 'altcha must be text' })
  @MaxLength(MAX_PROOF_LENGTH, { message: `altcha must be at most ${MAX_PROOF_LENGTH} characters` })
  altcha?: string;
}

/** What a visitor is told once their request is received. */
export class SubmissionReceiptDto {
  /** The short code to quote when asking about the request. @example "K7M4-Q2XD" */
  reference: string;
}
