import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { MAX_PASSKEY_NAME_LENGTH } from 'contract';
import { Nested } from '../../../common/dto-decorators.js';
import { AuthenticationCredentialDto, RegistrationCredentialDto } from './webauthn-response.dto.js';

/** One of the current administrator's passkeys (never its key). */
export class PasskeyDto {
  /** @example "0b7f2a3e-8a51-4f1e-9a55-5a3c7d2a9e10" */
  id: string;
  /** The admin's own label. @example "Laptop" */
  name: string;
  /** When it was registered. */
  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: Date;
  /** Its last sign-in or re-authentication; null while never used. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastUsedAt: Date | null;
}

/** Registers the passkey the browser just made, under the admin's label. */
export class AddPasskeyDto {
  /** @example "Laptop" */
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsNotEmpty({ message: 'Name is required' })
  @IsString({ message: 'Name must be text' })
  @MaxLength(MAX_PASSKEY_NAME_LENGTH, {
    message: `Name must be at most ${MAX_PASSKEY_NAME_LENGTH} characters`,
    context: { params: { max: MAX_PASSKEY_NAME_LENGTH } },
  })
  // Control, invisible and direction characters would make one passkey pass for another.
  @Matches(/^[^\p{Cc}\p{Cf}]*$/u, {
    message: 'Name must not contain control or invisible characters',
    context: { code: 'CONTROL_CHARACTERS' },
  })
  name: string;

  @Nested(RegistrationCredentialDto)
  credential: RegistrationCredentialDto;
}

/** A signed challenge: signs in (no username needed) or confirms it is still the admin. */
export class PasskeyAssertionDto {
  @Nested(AuthenticationCredentialDto)
  credential: AuthenticationCredentialDto;
}

/**
 * The options the browser passes to navigator.credentials (PublicKeyCredentialCreationOptionsJSON
 * or PublicKeyCredentialRequestOptionsJSON, through @simplewebauthn/browser).
 */
export class PasskeyOptionsDto {
  /** The options as WebAuthn defines them (challenge, rp, user, allowCredentials, ...); the challenge is single use. */
  @ApiProperty({ type: 'object', additionalProperties: true })
  options: Record<string, unknown>;
}
