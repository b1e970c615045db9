import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import {
  checkListingShop,
  checkShop,
  LISTING_IMAGE_FIELDS,
  OBJECTS_PATH_PREFIX,
  QUARANTINED_IMAGE_PATH,
  type ShopFieldProblem,
  type ShopValues,
} from 'contract';

type ShopProblem = ShopFieldProblem & { field: string };
import type { DataSource, EntityManager } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import { validationFailed, type FieldError } from '../common/api-error.js';
import { UnattachedObject } from '../database/database.entity.js';
import type { Shop } from '../shops/shop.entity.js';
import { ShopWriter } from '../shops/shop-writer.js';
import { ObjectStorage } from '../uploads/object-storage.js';
import { VisitorRequest } from './visitor-request.entity.js';

const imageNotFound = (field: string): FieldError => ({
  field: `shop.${field}`,
  code: 'INVALID_IMAGE',
  message: 'The uploaded image was not found; it may have been swept',
});
/** A shop rule's refusal, named as the request body names the field. */
export const asFieldError = ({ field, code, message, params }: ShopProblem): FieldError => ({
  field: `shop.${field}`,
  code,
  message,
  ...(params ? { params } : {}),
});

/** Approving a listing request: its quarantined images become uploads, its shop is created unverified. */
@Injectable()
export class ListingApproval {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
    private readonly writer: ShopWriter,
  ) {}

  /** A listing request's shop (or the admin's edit), checked before its images leave quarantine, or null. */
  async prepare(id: string, edited?: Record<string, unknown>): Promise<ShopValues | null> {
    const request = await this.dataSource.getRepository(VisitorRequest).findOneBy({ id });
    if (request?.type !== 'listing' || request.status !== 'pending' || !request.proposedShop) return null;
    const proposed = JSON.parse(request.proposedShop) as Record<string, unknown>;
    const shop: Record<string, unknown> = { ...(edited ?? proposed) };
    const problems: FieldError[] = checkListingShop(shop).problems.map(asFieldError);
    for (const field of LISTING_IMAGE_FIELDS) {
      const path = shop[field];
      // Only the visitor's own quarantined images may be claimed by this request.
      if (typeof path === 'string' && QUARANTINED_IMAGE_PATH.test(path) && path !== proposed[field])
        problems.push(imageNotFound(field));
    }
    if (problems.length) throw validationFailed(problems);
    for (const field of LISTING_IMAGE_FIELDS) {
      const path = shop[field];
      if (typeof path === 'string' && QUARANTINED_IMAGE_PATH.test(path))
        shop[field] = await this.claim(field, path.slice(OBJECTS_PATH_PREFIX.length));
    }
    const { values, problems: left } = checkShop({ ...shop, isVerified: 'false' });
    if (left.length) throw validationFailed(left.map(asFieldError));
    return values as unknown as ShopValues;
  }

  /** Creates the shop, unverified, in the approval's transaction, and links the request to it. */
  async create(
    manager: EntityManager,
    request: VisitorRequest,
    values: ShopValues,
    actor: ActivityActor,
  ): Promise<Shop> {
    const writes = await this.writer.open(manager, actor, {
      via: 'suggestion',
      reference: request.reference,
      approvedBy: actor.username,
    });
    const shop = await writes.create({ ...values, isVerified: 'false' });
    await writes.finish();
    await manager.getRepository(VisitorRequest).update({ id: request.id }, { shopId: shop.id });
    request.shopId = shop.id;
    return shop;
  }

  /** Copies a quarantined image to a new upload key; the quarantined one is left to the sweep. */
  private async claim(field: string, quarantined: string): Promise<string> {
    const object = await this.storage.get(quarantined);
    if (!object) throw validationFailed([imageNotFound(field)]);
    const bytes = Buffer.concat(await object.body.toArray());
    const key = `uploads/${randomUUID()}`;
    await this.dataSource.getRepository(UnattachedObject).insert({ key, since: Date.now() });
    await this.storage.put(key, bytes, object.contentType);
    return `${OBJECTS_PATH_PREFIX}${key}`;
  }
}
