import { Transform } from 'class-transformer';

/** Text arrives with its surrounding spaces taken off (a value that is not text is left alone). */
export function Trimmed(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
}
