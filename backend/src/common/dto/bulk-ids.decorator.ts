import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsUUID } from 'class-validator';

/**
 * The `ids` of a bulk action: 1 to `max` distinct ids (UUIDs) of `noun`s. The rules are listed
 * last first, the order a stack of the same decorators is applied, and so checked, in.
 */
export const BulkIds = (noun: string, max: number) =>
  applyDecorators(
    IsUUID('all', { each: true, message: `each id must be a ${noun} id (a UUID)` }),
    ArrayUnique({ message: `ids must not repeat a ${noun}` }),
    ArrayMaxSize(max, { message: `ids may name at most ${max} ${noun}s` }),
    ArrayMinSize(1, { message: `ids must name at least one ${noun}` }),
    IsArray({ message: `ids must be a list of ${noun} ids` }),
    ApiProperty({ uniqueItems: true, minItems: 1, maxItems: max, type: [String], format: 'uuid' }),
  );
