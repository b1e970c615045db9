import { describe, expect, it } from '@jest/globals';
import { getMetadataStorage } from 'class-validator';
import { FIELD_ERROR_CODES } from 'contract';
import { CreateAdminUserDto } from '../admin-users/dto/create-admin-user.dto.js';
import { ResetPasswordDto } from '../admin-users/dto/reset-password.dto.js';
import { ChangePasswordDto } from '../auth/dto/change-password.dto.js';
import { LoginDto } from '../auth/dto/login.dto.js';
import { CreateShopDto } from '../shops/dto/create-shop.dto.js';
import { UpdateShopDto } from '../shops/dto/update-shop.dto.js';
import { CreateUploadDto } from '../uploads/dto/upload.dto.js';
import { createValidationPipe, FIELD_CODE_BY_CONSTRAINT } from './validation.pipe.js';

/** Every DTO a request body or query is validated against. */
const VALIDATED_DTOS = [
  CreateAdminUserDto,
  ResetPasswordDto,
  ChangePasswordDto,
  LoginDto,
  CreateShopDto,
  UpdateShopDto,
  CreateUploadDto,
];

type RuleMetadata = { name?: string; constraintCls?: { name: string }; context?: { code?: string } };

function constraintName(rule: RuleMetadata): string {
  if (rule.name) return rule.name;
  const constraint = getMetadataStorage()
    .getTargetValidatorConstraints(rule.constraintCls as never)
    .at(0);
  return constraint?.name ?? rule.constraintCls?.name ?? 'unknown';
}

describe('field error codes', () => {
  it('gives every validation rule of every DTO a code from the contract', () => {
    const storage = getMetadataStorage();
    const missing: string[] = [];
    for (const dto of VALIDATED_DTOS) {
      for (const rule of storage.getTargetValidationMetadatas(dto, '', true, false) as RuleMetadata[]) {
        if (!('constraintCls' in rule) || !rule.constraintCls) continue; // IsOptional, ValidateIf...
        const name = constraintName(rule);
        const code = rule.context?.code ?? FIELD_CODE_BY_CONSTRAINT[name];
        if (!code || !(FIELD_ERROR_CODES as readonly string[]).includes(code))
          missing.push(`${dto.name}.${(rule as { propertyName?: string }).propertyName}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('answers VALIDATION_FAILED with a code and params per field', async () => {
    const pipe = createValidationPipe();
    const failure = await pipe
      .transform({ name: 'x'.repeat(151), bogus: 1 }, { type: 'body', metatype: CreateShopDto })
      .catch((error: unknown) => error as { getResponse(): Record<string, unknown> });
    const body = (failure as { getResponse(): Record<string, unknown> }).getResponse();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        {
          field: 'name',
          code: 'TOO_LONG',
          message: 'Name must be at most 150 characters',
          params: { max: 150 },
        },
        { field: 'description', code: 'REQUIRED', message: 'Description is required' },
        { field: 'phone', code: 'REQUIRED', message: 'Phone is required' },
        { field: 'bogus', code: 'UNKNOWN_FIELD', message: 'Unknown field "bogus"' },
      ]),
    );
  });
});
