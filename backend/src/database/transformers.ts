import type { ValueTransformer } from 'typeorm';

/** BIGINT columns arrive as strings from mysql2; epoch milliseconds fit safely in a JS number. */
export const epochMillis: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};
