import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { plainToInstance } from 'class-transformer';
import { isUUID, validate } from 'class-validator';
import { normalizeText, SHOP_CSV_COLUMNS } from 'contract';
import { DataSource, type EntityManager } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import { ActivityService } from '../activity/activity.service.js';
import type { FieldError } from '../common/api-error.js';
import { flattenValidationErrors } from '../common/validation.pipe.js';
import { TransactionRunner } from '../database/transaction-runner.js';
import { CreateShopDto } from '../shops/dto/create-shop.dto.js';
import { ShopCategory } from '../shops/shop-category.entity.js';
import { retireSlug, SlugOwners } from '../shops/shop-slugs.js';
import { objectKeyOf, searchKeysOf } from '../shops/shop.rules.js';
import { Shop } from '../shops/shop.entity.js';
import { retryOnSlugRace, ShopsService } from '../shops/shops.service.js';
import { UploadsService } from '../uploads/uploads.service.js';
import type { ImportMatch, ImportRowDto, ImportShopsResultDto } from './dto/shops-csv.dto.js';
import {
  parseShopsCsv,
  rowToShopFields,
  shopToCsvRecord,
  type CsvDelimiter,
  type CsvRow,
} from './shop-csv-format.js';

/** The shop fields an import can change, in the order the preview lists changes. */
const EDITABLE_FIELDS = [
  'name',
  'city',
  'state',
  'address',
  'phone',
  'whatsapp',
  'email',
  'website',
  'description',
  'categories',
  'isVerified',
  'latitude',
  'longitude',
  'logo',
  'mapImageUrl',
  'googleMapsUrl',
] as const satisfies readonly (keyof CreateShopDto & (typeof SHOP_CSV_COLUMNS)[number])[];
type EditableField = (typeof EDITABLE_FIELDS)[number];

/** The same options as the API's global ValidationPipe (common/validation.pipe.ts). */
const VALIDATION = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  stopAtFirstError: true,
  validationError: { target: false, value: false },
} as const;

const matchKey = (name: string, city: string) => `${normalizeText(name)}\n${normalizeText(city)}`;

/** What one row does, decided against the shops as they are in the planning transaction. */
interface PlannedRow {
  report: ImportRowDto;
  /** Validated fields, for `created` and `updated`. */
  dto?: CreateShopDto;
  /** The shop an `updated` row changes (read by the same manager). */
  shop?: Shop;
}

/** An existing shop with its categories, as an import row compares against it. */
interface Existing {
  shop: Shop;
  categories: string[];
}

export interface ImportOptions {
  dryRun: boolean;
  allOrNothing: boolean;
  /** Who imports (an applied import is logged as theirs; a dry run is not logged). */
  actor: ActivityActor;
  /** The uploaded file's name, for the log entry. */
  fileName?: string;
}

/**
 * The directory as a spreadsheet: every shop out as CSV, and a CSV in as shops created and
 * updated, previewed first (dry run), validated by the API's own shop rules and applied in one
 * transaction.
 */
@Injectable()
export class ShopsCsvService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly shops: ShopsService,
    private readonly uploads: UploadsService,
    private readonly activity: ActivityService,
  ) {}

  /**
   * The header and one record per shop, in the directory's order. Read from the catalogue
   * (one consistent snapshot, already in memory for the public listing).
   */
  async exportRecords(): Promise<Iterable<string[]>> {
    // Read before the answer starts, so that a database failure is still a JSON error.
    const { shops } = await this.shops.getCatalog();
    return (function* () {
      yield [...SHOP_CSV_COLUMNS];
      for (const shop of shops) yield shopToCsvRecord(shop);
    })();
  }

  async importShops(file: Buffer, options: ImportOptions): Promise<ImportShopsResultDto> {
    const { delimiter, rows } = parseShopsCsv(file);
    if (options.dryRun) {
      const planned = await this.plan(this.dataSource.manager, rows);
      return this.result(planned, delimiter, options, false);
    }
    const { planned, applied, released } = await retryOnSlugRace(() =>
      this.transactions.run(async (manager) => {
        const plan = await this.plan(manager, rows);
        const refused = plan.some((row) => row.report.status === 'refused');
        if (options.allOrNothing && refused) return { planned: plan, applied: false, released: [] };
        const replacedImages = await this.apply(manager, plan);
        const counts = this.counts(plan);
        if (counts.created || counts.updated) await this.shops.bumpVersion(manager);
        await this.activity.record(manager, {
          kind: 'shops.imported',
          actor: options.actor,
          details: {
            ...counts,
            allOrNothing: options.allOrNothing,
            ...(options.fileName ? { file: options.fileName.slice(0, 200) } : {}),
          },
        });
        return { planned: plan, applied: true, released: replacedImages };
      }),
    );
    await this.shops.releaseImages(released);
    return this.result(planned, delimiter, options, applied);
  }

  /** Decides each row's fate without writing anything. */
  private async plan(manager: EntityManager, rows: CsvRow[]): Promise<PlannedRow[]> {
    const existing = await this.existingShops(manager);
    const byId = new Map<string, Existing>();
    const byNameAndCity = new Map<string, Existing[]>();
    for (const entry of existing) {
      byId.set(entry.shop.id, entry);
      const key = matchKey(entry.shop.name, entry.shop.city);
      byNameAndCity.set(key, [...(byNameAndCity.get(key) ?? []), entry]);
    }
    // The first row of the file aiming at each shop (or at each new name and city).
    const claimedBy = new Map<string, number>();
    const planned: PlannedRow[] = [];
    for (const row of rows) {
      planned.push(await this.planRow(row, byId, byNameAndCity, claimedBy));
    }
    return planned;
  }

  private async planRow(
    { row, cells, cellCount }: CsvRow,
    byId: Map<string, Existing>,
    byNameAndCity: Map<string, Existing[]>,
    claimedBy: Map<string, number>,
  ): Promise<PlannedRow> {
    const report: ImportRowDto = {
      row,
      status: 'refused',
      id: null,
      name: cells.name?.trim() ?? '',
      city: cells.city?.trim() ?? '',
      matchedBy: null,
      changes: [],
      errors: [],
    };
    const refuse = (...errors: FieldError[]): PlannedRow => ({ report: { ...report, errors } });
    if (cellCount) {
      return refuse({
        field: 'row',
        code: 'WRONG_CELL_COUNT',
        message: `The row has ${cellCount.found} cells; the header has ${cellCount.expected}`,
        params: cellCount,
      });
    }

    // Which shop the row is about: its id, or else its name and city.
    const id = cells.id?.trim() ?? '';
    let target: Existing | undefined;
    let matchedBy: ImportMatch | null = null;
    if (id) {
      if (!isUUID(id))
        return refuse({ field: 'id', code: 'INVALID_VALUE', message: 'id must be a shop id (a UUID)' });
      target = byId.get(id.toLowerCase());
      if (!target) return refuse({ field: 'id', code: 'UNKNOWN_SHOP', message: `No shop has the id ${id}` });
      matchedBy = 'id';
    } else if (report.name && report.city) {
      const candidates = byNameAndCity.get(matchKey(report.name, report.city)) ?? [];
      if (candidates.length > 1) {
        return refuse({
          field: 'name',
          code: 'AMBIGUOUS_MATCH',
          message: `${candidates.length} shops have this name and city; add the id column to say which`,
          params: { count: candidates.length },
        });
      }
      [target] = candidates;
      if (target) matchedBy = 'nameAndCity';
    }

    // The row's fields over the shop's current ones (a column the file lacks keeps its value).
    const given = rowToShopFields(cells);
    const plain = target ? { ...currentFields(target), ...given } : given;
    const dto = plainToInstance(CreateShopDto, plain);
    const errors = flattenValidationErrors(await validate(dto, VALIDATION));
    if (errors.length) return refuse(...errors);

    const claim = target ? target.shop.id : `new\n${matchKey(dto.name, dto.city)}`;
    const first = claimedBy.get(claim);
    if (first !== undefined) {
      return refuse({
        field: target ? (matchedBy === 'id' ? 'id' : 'name') : 'name',
        code: 'DUPLICATE_ROW',
        message: `Row ${first} is about the same shop`,
        params: { row: first },
      });
    }
    claimedBy.set(claim, row);

    const imageErrors = await this.imageErrors(dto, target?.shop);
    if (imageErrors.length) return refuse(...imageErrors);

    if (!target) return { report: { ...report, status: 'created' }, dto };
    const changes = EDITABLE_FIELDS.filter((field) => !sameValue(field, dto, target));
    return {
      report: {
        ...report,
        status: changes.length ? 'updated' : 'unchanged',
        id: target.shop.id,
        matchedBy,
        changes,
      },
      dto,
      shop: target.shop,
    };
  }

  /** Uploaded images a row newly points to must exist (as ShopsService checks for the API). */
  private async imageErrors(dto: CreateShopDto, before: Shop | undefined): Promise<FieldError[]> {
    const errors: FieldError[] = [];
    for (const field of ['logo', 'mapImageUrl'] as const) {
      const key = objectKeyOf(dto[field]);
      if (!key || dto[field] === before?.[field]) continue;
      const problem = await this.uploads.checkStoredImage(key);
      if (problem) errors.push({ field, code: 'INVALID_IMAGE', message: `${field}: ${problem}` });
    }
    return errors;
  }

  /**
   * Writes the created and updated rows, as a restore writes shops: the slugs loaded once, one
   * statement per shop, categories rewritten only where they changed. Answers the images that
   * updated shops stopped using.
   */
  private async apply(manager: EntityManager, planned: PlannedRow[]): Promise<string[]> {
    const repository = manager.getRepository(Shop);
    const slugs = await SlugOwners.load(manager);
    const replaced: string[] = [];
    for (const { report, dto, shop } of planned) {
      if (!dto || (report.status !== 'created' && report.status !== 'updated')) continue;
      const { categories, ...fields } = dto;
      const row = {
        ...fields,
        website: fields.website ?? null,
        whatsapp: fields.whatsapp ?? null,
        latitude: fields.latitude ?? null,
        longitude: fields.longitude ?? null,
        isVerified: fields.isVerified ?? 'false',
        ...searchKeysOf(fields, categories),
      };
      if (shop) {
        // The slug follows the name and city, and stays as it is while it still fits them.
        const slug = slugs.claim(shop.id, fields.name, fields.city, [shop.slug]);
        // updated_at to the millisecond, as ShopsService.updateShop sets it.
        await repository.update({ id: shop.id }, { ...row, slug, updatedAt: new Date() });
        await retireSlug(manager, shop.id, shop.slug, slug);
        if (report.changes.includes('categories'))
          await this.shops.replaceCategories(manager, shop.id, categories);
        replaced.push(
          ...[shop.logo, shop.mapImageUrl].filter((image) => image !== row.logo && image !== row.mapImageUrl),
        );
      } else {
        const id = randomUUID();
        await repository.insert({ ...row, id, slug: slugs.claim(id, fields.name, fields.city) });
        await this.shops.insertCategories(manager, id, categories);
        report.id = id;
      }
    }
    return replaced;
  }

  private async existingShops(manager: EntityManager): Promise<Existing[]> {
    const shops = await manager.getRepository(Shop).find();
    const categories = await manager.getRepository(ShopCategory).find({ order: { position: 'ASC' } });
    const byShop = new Map<string, string[]>();
    for (const category of categories)
      byShop.set(category.shopId, [...(byShop.get(category.shopId) ?? []), category.name]);
    return shops.map((shop) => ({ shop, categories: byShop.get(shop.id) ?? [] }));
  }

  private counts(planned: PlannedRow[]): ImportShopsResultDto['counts'] {
    const counts = { created: 0, updated: 0, unchanged: 0, refused: 0 };
    for (const { report } of planned) counts[report.status] += 1;
    return counts;
  }

  private result(
    planned: PlannedRow[],
    delimiter: CsvDelimiter,
    { dryRun, allOrNothing }: ImportOptions,
    applied: boolean,
  ): ImportShopsResultDto {
    return {
      dryRun,
      allOrNothing,
      applied,
      delimiter,
      counts: this.counts(planned),
      rows: planned.map((entry) => entry.report),
    };
  }
}

/** A shop's editable fields as an import row would give them. */
function currentFields({ shop, categories }: Existing): Record<EditableField, unknown> {
  return {
    name: shop.name,
    city: shop.city,
    state: shop.state,
    address: shop.address,
    phone: shop.phone,
    whatsapp: shop.whatsapp,
    email: shop.email,
    website: shop.website,
    description: shop.description,
    categories,
    isVerified: shop.isVerified,
    latitude: shop.latitude,
    longitude: shop.longitude,
    logo: shop.logo,
    mapImageUrl: shop.mapImageUrl,
    googleMapsUrl: shop.googleMapsUrl,
  };
}

function sameValue(field: EditableField, dto: CreateShopDto, existing: Existing): boolean {
  const next = dto[field] ?? null;
  const current = currentFields(existing)[field] ?? null;
  if (Array.isArray(next) && Array.isArray(current))
    return next.length === current.length && next.every((value, i) => value === current[i]);
  return next === current;
}
