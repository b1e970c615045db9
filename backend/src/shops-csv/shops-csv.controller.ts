import { Get, Header, Query, StreamableFile, UploadedFile } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS } from 'contract';
import { Actor, type ActivityActor } from '../activity/activity-actor.js';
import { ApiController } from '../auth/admin-only.decorator.js';
import { ApiErrors, binaryContent, PostOk } from '../common/route-decorators.js';
import { FileUpload } from '../common/upload.interceptor.js';
import { CSV_FILE_FIELD, CsvUploadInterceptor, csvFileMissing } from './csv-upload.interceptor.js';
import { ExportShopsQueryDto, ImportShopsQueryDto, ImportShopsResultDto } from './dto/shops-csv.dto.js';
import { ShopsCsvService } from './shops-csv.service.js';

@ApiController('admin/shops', 'shops', { admin: true })
export class ShopsCsvController {
  constructor(private readonly csv: ShopsCsvService) {}

  /**
   * Every shop as CSV: UTF-8 with a BOM (so Excel reads accents right), CRLF line ends, one
   * column per field, categories joined by `;`. Cells a spreadsheet would run as a formula
   * (starting with `=`, `+`, `-`, `@`) are written after an apostrophe; the import removes it.
   */
  @Get('export.csv')
  @ApiOkResponse({
    description: 'atm-directory-shops-YYYY-MM-DD.csv',
    content: binaryContent('text/csv'),
  })
  @ApiErrors({ 400: 'The delimiter is invalid' })
  @Header('Cache-Control', 'no-store')
  async exportShopsCsv(@Query() { delimiter }: ExportShopsQueryDto): Promise<StreamableFile> {
    const csv = await this.csv.exportCsv(delimiter === 'semicolon' ? ';' : ',');
    const fileName = `atm-directory-shops-${new Date().toISOString().slice(0, 10)}.csv`;
    const disposition = `attachment; filename="${fileName}"`;
    return new StreamableFile(csv, { type: 'text/csv; charset=utf-8', disposition, length: csv.length });
  }

  /**
   * Creates and updates shops from a CSV as the export writes it (multipart field `file`),
   * also as Excel and LibreOffice save it (`;`, BOM, CRLF, Windows-1252). A row with an `id`
   * updates that shop; without one it updates the shop with the same name and city (accents
   * and case ignored) or creates a shop. Every row is checked by the rules of
   * `POST /api/admin/shops`. With `dryRun=true` nothing is written: the answer is the preview.
   * Otherwise the valid rows are written in one transaction, or with `allOrNothing=true`
   * nothing unless every row is valid (`applied` says which).
   */
  @PostOk('import')
  @FileUpload(CsvUploadInterceptor, CSV_FILE_FIELD)
  @ApiOkResponse({ type: ImportShopsResultDto })
  @ApiErrors({
    400: `No file (CSV_FILE_MISSING), not a CSV text file (CSV_INVALID_FILE), a header without the shop columns (CSV_HEADER_INVALID), no rows (CSV_NO_ROWS), more than ${CSV_IMPORT_MAX_ROWS} rows (CSV_TOO_MANY_ROWS), or an invalid query parameter`,
    413: `Over ${CSV_IMPORT_MAX_BYTES / (1024 * 1024)} MB (CSV_FILE_TOO_LARGE)`,
  })
  async importShopsCsv(
    @Query() { dryRun, allOrNothing }: ImportShopsQueryDto,
    @UploadedFile() file: Express.Multer.File | undefined,
    @Actor() actor: ActivityActor,
  ): Promise<StreamableFile> {
    if (!file) throw csvFileMissing();
    // Either answer comes as its JSON (10,000 rows of report), written by the CSV worker.
    const all = allOrNothing === 'true';
    const answer =
      dryRun === 'true'
        ? await this.csv.dryRun(file.buffer, all)
        : await this.csv.importShops(file.buffer, all, actor, file.originalname);
    return new StreamableFile(answer, { type: 'application/json; charset=utf-8', length: answer.length });
  }
}
