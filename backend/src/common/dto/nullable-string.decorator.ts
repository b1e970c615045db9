import { ApiProperty } from '@nestjs/swagger';

/** A response field that is text or null: the OpenAPI plugin cannot read `string | null` from the type. */
export const NullableString = () => ApiProperty({ type: String, nullable: true });
