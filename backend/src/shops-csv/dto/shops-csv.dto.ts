import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { OptionalIn } from '../../common/dto-decorators.js';
import { FieldErrorDto } from '../../common/error-response.dto.js';

const CSV_DELIMITERS = ['comma', 'semicolon'] as const;

/** How to write the export. */
export class ExportShopsQueryDto {
  /** `semicolon` for spreadsheets whose list separator is `;` (a decimal-comma locale). */
  @ApiPropertyOptional({ enum: CSV_DELIMITERS, default: 'comma' })
  @OptionalIn('delimiter', CSV_DELIMITERS, 'delimiter must be comma or semicolon')
  delimiter?: (typeof CSV_DELIMITERS)[number] = 'comma';
}

/** How to run an import. */
export class ImportShopsQueryDto {
  /** `true`: answer what the import would do, and change nothing. */
  @ApiPropertyOptional({ enum: ['true', 'false'], default: 'false' })
  @OptionalIn('dryRun', ['true', 'false'], 'dryRun must be true or false')
  dryRun?: 'true' | 'false' = 'false';

  /** `true`: change nothing unless every row is valid; `false`: apply the valid rows. */
  @ApiPropertyOptional({ enum: ['true', 'false'], default: 'false' })
  @OptionalIn('allOrNothing', ['true', 'false'], 'allOrNothing must be true or false')
  allOrNothing?: 'true' | 'false' = 'false';
}

const IMPORT_ROW_STATUSES = ['created', 'updated', 'unchanged', 'refused'] as const;
const IMPORT_MATCHES = ['id', 'nameAndCity'] as const;
export type ImportMatch = (typeof IMPORT_MATCHES)[number];

/** What the import does (or did) with one row of the file. */
export class ImportRowDto {
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: number;
  @ApiProperty({ enum: IMPORT_ROW_STATUSES })
  status: (typeof IMPORT_ROW_STATUSES)[number];
  /** The shop the row updates, or the new shop's id once created; null otherwise. */
  id: string | null;
  /** The row's name and city as written, to recognise it in a preview. */
  name: string;
  city: string;
  /** How the row found its shop: by `id`, or by name and city (accents and case ignored). */
  @ApiProperty({ enum: IMPORT_MATCHES, nullable: true })
  matchedBy: ImportMatch | null;
  /** For `updated`: the columns whose value changes. */
  changes: string[];
  /** For `refused`: why, one entry per failing column (`field` is the column's name). */
  errors: FieldErrorDto[];
}

export class ImportCountsDto {
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
}

/** The answer of an import: a preview (dry run) or what was written. */
export class ImportShopsResultDto {
  dryRun: boolean;
  allOrNothing: boolean;
  /** True when the rows were written: not a dry run, and not refused as a whole. */
  applied: boolean;
  /** The separator the file uses. */
  @ApiProperty({ enum: [',', ';'] })
  delimiter: ',' | ';';
  counts: ImportCountsDto;
  /** Every shop row of the file, in file order. */
  rows: ImportRowDto[];
}
