import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CORRECTION_FIELDS } from 'contract';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { ContractField } from '../../shops/dto/shop-field.decorator.js';
import { CreateUploadDto } from '../../uploads/dto/upload.dto.js';

/** The most characters of the proof-of-work answer (a base64 JSON of a few hundred bytes). */
export const MAX_PROOF_LENGTH = 4096;

// A mixin's base must be constructible with any arguments (TypeScript's rule for mixins).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fields = new (...args: any[]) => object;

/**
 * A visitor's submission: what it is about (`Base`, whose fields come first in the document),
 * then who sent it and the anti-robot answers every submission carries.
 */
export function VisitorSubmissionDto<Base extends Fields>(base: Base) {
  class VisitorSubmission extends base {
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
  return VisitorSubmission;
}

/** A signed proof-of-work challenge (ALTCHA, PBKDF2/SHA-256), as the widget reads it. */
export class ProofOfWorkChallengeDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'algorithm, nonce, salt, cost, keyLength, keyPrefix, keySignature, expiresAt (seconds)',
  })
  parameters: Record<string, unknown>;

  /** HMAC of the parameters: the server accepts only challenges it signed. */
  signature?: string;
}

/** A visitor's upload link: the kind of image, and a proof of work of its own (one per link). */
export class CreateQuarantinedUploadDto extends CreateUploadDto {
  /** The ALTCHA widget's answer to a challenge of `GET /api/requests/challenge` (base64 JSON). */
  @ApiPropertyOptional({ maxLength: MAX_PROOF_LENGTH })
  @IsOptional()
  @IsString({ message: 'altcha must be text' })
  @MaxLength(MAX_PROOF_LENGTH, { message: `altcha must be at most ${MAX_PROOF_LENGTH} characters` })
  altcha?: string;
}
