import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import {
  Equals,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import { Nested } from '../../../common/dto-decorators.js';

/** base64url text, bounded (an authenticator's answer is a few kilobytes at most). */
const Base64Url = (max: number) =>
  applyDecorators(
    IsString({ message: 'Must be base64url text' }),
    Matches(/^[A-Za-z0-9_-]*$/, { message: 'Must be base64url text' }),
    MaxLength(max, { message: `Must be at most ${max} characters`, context: { params: { max } } }),
  );

/** The longest credential id stored (WebAuthn allows 1023 bytes; real authenticators use 16 to 64). */
const MAX_CREDENTIAL_ID_LENGTH = 512;
const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'];

/** The authenticator's answer to a registration, as @simplewebauthn/browser sends it. */
export class AttestationResponseDto {
  @Base64Url(8192)
  clientDataJSON: string;
  @Base64Url(32768)
  attestationObject: string;
  @IsOptional()
  @Base64Url(32768)
  authenticatorData?: string;
  @IsOptional()
  @IsArray()
  @IsIn(TRANSPORTS, { each: true })
  @ApiProperty({ required: false, enum: TRANSPORTS, isArray: true })
  transports?: string[];
  @IsOptional()
  @IsInt()
  publicKeyAlgorithm?: number;
  @IsOptional()
  @Base64Url(4096)
  publicKey?: string;
}

/** The authenticator's answer to a sign-in (an assertion). */
export class AssertionResponseDto {
  @Base64Url(8192)
  clientDataJSON: string;
  @Base64Url(8192)
  authenticatorData: string;
  /** Up to an ML-DSA-87 signature (4.6 kB), which browsers may pick before ES256. */
  @Base64Url(8192)
  signature: string;
  /** The account the passkey was made for (a discoverable passkey always says). */
  @IsOptional()
  @Base64Url(128)
  userHandle?: string;
}

/** What PublicKeyCredential JSON has in common for both ceremonies. */
abstract class CredentialDto {
  /** The credential id, base64url. */
  @Base64Url(MAX_CREDENTIAL_ID_LENGTH)
  id: string;
  @Base64Url(MAX_CREDENTIAL_ID_LENGTH)
  rawId: string;
  @Equals('public-key')
  @ApiProperty({ enum: ['public-key'] })
  type: 'public-key';
  @IsOptional()
  @IsIn(['platform', 'cross-platform'])
  @ApiProperty({ required: false, enum: ['platform', 'cross-platform'] })
  authenticatorAttachment?: 'platform' | 'cross-platform';
  /** The browser's extension outputs; read by nobody, accepted as sent. */
  @IsObject()
  @ApiProperty({ type: 'object', additionalProperties: true })
  clientExtensionResults: Record<string, unknown>;
}

/** A new passkey, as the browser made it (RegistrationResponseJSON). */
export class RegistrationCredentialDto extends CredentialDto {
  @Nested(AttestationResponseDto)
  response: AttestationResponseDto;
}

/** A passkey's signature over the challenge (AuthenticationResponseJSON). */
export class AuthenticationCredentialDto extends CredentialDto {
  @Nested(AssertionResponseDto)
  response: AssertionResponseDto;
}
