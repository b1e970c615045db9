import { ApiProperty } from '@nestjs/swagger';

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
