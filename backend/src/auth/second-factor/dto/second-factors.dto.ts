import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { SECOND_FACTOR_KINDS } from 'contract';
import type { SecondFactorKind } from '../second-factor.js';

/** One second factor of the current administrator (never its secret). */
export class SecondFactorDto {
  /** An authenticator app (`totp`) or a passkey. */
  @ApiProperty({ enum: SECOND_FACTOR_KINDS, enumName: 'SecondFactorKind' })
  kind: SecondFactorKind;
  /** When it was added. */
  addedAt: Date;
}

/** The current administrator's second factors and the policy that applies to them. */
export class MySecondFactorsDto {
  factors: SecondFactorDto[];
  /** Unused recovery codes left. @example 10 */
  recoveryCodesLeft: number;
  /** Whether every administrator must have a second factor. */
  required: boolean;
  /** True when MFA_REQUIRED on the server decides `required` (the setting cannot change it). */
  requiredByServer: boolean;
}

/** Turns the policy "second factor required for every administrator" on or off. */
export class MfaPolicyDto {
  @IsBoolean({ message: 'required must be true or false' })
  required: boolean;
}

/** The policy "second factor required for every administrator" as it applies now. */
export class MfaPolicyStateDto {
  required: boolean;
  /** True when MFA_REQUIRED on the server decides (the setting cannot change it). */
  requiredByServer: boolean;
}

/** How many second factors a reset removed. */
export class SecondFactorsResetDto {
  /** @example 1 */
  removed: number;
}
