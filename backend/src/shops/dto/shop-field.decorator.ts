import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import {
  normalizeShopValue,
  SHOP_FIELD,
  SHOP_FIELD_PROBLEM_CODES,
  shopFieldProblem,
  shopProblemParams,
  type ShopFieldDefinition,
  type ShopFieldName,
} from 'contract';

/** The OpenAPI limits of a field, from the contract's definition. */
function documented(definition: ShopFieldDefinition) {
  switch (definition.kind) {
    case 'categories':
      return {
        minItems: 1,
        maxItems: definition.max,
        items: { type: 'string', maxLength: definition.itemMax },
      };
    case 'coordinate':
      return { minimum: -definition.limit!, maximum: definition.limit! };
    case 'flag':
      return {};
    default:
      return { maxLength: definition.max };
  }
}

/**
 * A shop field validated by the contract's rules (contract/src/shop-schema.js), the same ones
 * the admin form, the CSV import and a restore apply: the value is normalised as the shop stores
 * it, then checked once. One class-validator rule per field error code, each failing only when
 * the contract answers its code, so the API reports the contract's code, sentence and numbers
 * (the first failing rule, with stopAtFirstError).
 */
export function ShopField(name: ShopFieldName): PropertyDecorator {
  const definition = SHOP_FIELD[name];
  return applyDecorators(
    ApiProperty({ required: definition.required, ...documented(definition) }),
    Transform(({ value }) => normalizeShopValue(definition, value)),
    ...SHOP_FIELD_PROBLEM_CODES.map((code) =>
      ValidateBy(
        {
          name: `shopField:${code}`,
          validator: {
            validate: (value: unknown) => shopFieldProblem(definition, value)?.code !== code,
            defaultMessage: (args) => shopFieldProblem(definition, args?.value)?.message ?? '',
          },
        },
        { context: { code, params: shopProblemParams(definition, code) } },
      ),
    ),
  );
}
