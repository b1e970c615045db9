import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import {
  normalizeShopValue,
  SHOP_FIELD_PROBLEM_CODES,
  shopFieldProblem,
  shopProblemParams,
  type ShopFieldDefinition,
} from 'contract';

/** A field as the OpenAPI document describes it: type, limits, words and example, from the contract. */
export function documented(definition: ShopFieldDefinition) {
  const words = {
    ...(definition.doc ? { description: definition.doc } : {}),
    ...(definition.example !== undefined ? { example: definition.example } : {}),
  };
  const nullable = !definition.required && definition.kind !== 'flag' ? { nullable: true } : {};
  switch (definition.kind) {
    case 'categories':
      return {
        type: 'array',
        items: { type: 'string', maxLength: definition.itemMax },
        minItems: 1,
        maxItems: definition.max,
        ...words,
      } as const;
    case 'coordinate':
      return {
        type: 'number',
        minimum: definition.range!.min,
        maximum: definition.range!.max,
        ...nullable,
        ...words,
      } as const;
    case 'flag':
      return { type: 'string', enum: ['true', 'false'], ...words } as const;
    default:
      return { type: 'string', maxLength: definition.max, ...nullable, ...words } as const;
  }
}

/**
 * A field checked by the shop schema's rules, one per error code, so the API reports the contract's
 * code and sentence; `alsoAccepted` lets one more form through (a listing request's quarantined image).
 */
export function ContractField(definition: ShopFieldDefinition, alsoAccepted?: RegExp): PropertyDecorator {
  // Each code's rule asks about the same value in turn: the answer is worked out once.
  let last: { value: unknown; problem: ReturnType<typeof shopFieldProblem> } | undefined;
  const problemOf = (value: unknown) => {
    if (!last || !Object.is(last.value, value))
      last = {
        value,
        problem:
          alsoAccepted && typeof value === 'string' && alsoAccepted.test(value)
            ? null
            : shopFieldProblem(definition, value),
      };
    return last.problem;
  };
  return applyDecorators(
    ApiProperty({ required: definition.required, ...documented(definition) }),
    Transform(({ value }) => normalizeShopValue(definition, value)),
    ...SHOP_FIELD_PROBLEM_CODES.map((code) =>
      ValidateBy(
        {
          name: `shopField:${code}`,
          validator: {
            validate: (value: unknown) => problemOf(value)?.code !== code,
            defaultMessage: (args) => problemOf(args?.value)?.message ?? '',
          },
        },
        { context: { code, params: shopProblemParams(definition, code) } },
      ),
    ),
  );
}
