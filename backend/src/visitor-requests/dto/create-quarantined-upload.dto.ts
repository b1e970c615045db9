import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { CreateUploadDto } from '../../uploads/dto/upload.dto.js';
import { MAX_PROOF_LENGTH } from './visitor-submission.dto.js';

/** A visitor's upload link: the kind of image, and a proof of work of its own (one per link). */
export class CreateQuarantinedUploadDto extends CreateUploadDto {
  /** The ALTCHA widget's answer to a challenge of `GET /api/requests/challenge` (base64 JSON). */
  @ApiPropertyOptional({ maxLength: MAX_PROOF_LENGTH })
  @IsOptional()
  @IsString({ message: 'altcha must be text' })
  @MaxLength(MAX_PROOF_LENGTH, { message: `altcha must be at most ${MAX_PROOF_LENGTH} characters` })
  altcha?: string;
}
