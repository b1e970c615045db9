import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';
import { Trimmed } from '../dto-decorators.js';

// Listed last rule first: the order a stack of the same decorators is applied in, and so checked in.

/** An optional text filter of an admin list's query: trimmed, at most `max` characters, named in its messages. */
export const TextFilter = (name: string, max: number) =>
  applyDecorators(
    MaxLength(max, { message: `${name} must be at most ${max} characters` }),
    IsString({ message: `${name} must be text` }),
    Trimmed(),
    IsOptional(),
  );

/** The `ids` of a bulk action: 1 to `max` distinct ids (UUIDs) of `noun`s. */
export const BulkIds = (noun: string, max: number) =>
  applyDecorators(
    IsUUID('all', { each: true, message: `each id must be a ${noun} id (a UUID)` }),
    ArrayUnique({ message: `ids must not repeat a ${noun}` }),
    ArrayMaxSize(max, { message: `ids may name at most ${max} ${noun}s` }),
    ArrayMinSize(1, { message: `ids must name at least one ${noun}` }),
    IsArray({ message: `ids must be a list of ${noun} ids` }),
    ApiProperty({ type: [String], minItems: 1, maxItems: max, uniqueItems: true }),
  );
