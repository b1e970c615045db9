import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import {
  checkShop,
  LISTING_IMAGE_FIELDS,
  OBJECTS_PATH_PREFIX,
  QUARANTINED_IMAGE_PATH,
  type ShopValues,
} from 'contract';
import type { DataSource, EntityManager } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import { ApiError, type FieldError } from '../common/api-error.js';
import { UnattachedObject } from '../database/unattached-object.entity.js';
import type { Shop } from '../shops/shop.entity.js';
import { ShopWriter } from '../shops/shop-writer.js';
import { ObjectStorage } from '../uploads/object-storage.js';
import { VisitorRequest } from './visitor-request.entity.js';

const invalid = (errors: FieldError[]) =>
  new ApiError(400, 'VALIDATION_FAILED', errors[0].message, { errors });

/**
 * Approving a listing request: the visitor's quarantined images become the shop's uploaded
 * images, and the shop is created unverified through the one shop writer, in the decision's
 * transaction. Verifying it stays a separate, deliberate act.
 */
@Injectable()
export class ListingApproval {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
    private readonly writer: ShopWriter,
  ) {}

  /**
   * The shop a pending listing request asks for, its quarantined images copied to `uploads/`
   * (marked unattached, so the sweep takes them if the approval does not commit); null for any
   * other request. Before the transaction: it reads and writes the object store.
   */
  async prepare(id: string): Promise<ShopValues | null> {
    const request = await this.dataSource.getRepository(VisitorRequest).findOneBy({ id });
    if (request?.type !== 'listing' || request.status !== 'pending' || !request.proposedShop) return null;
    const shop = JSON.parse(request.proposedShop) as Record<string, unknown>;
    for (const field of LISTING_IMAGE_FIELDS) {
      const path = shop[field];
      if (typeof path !== 'string' || !QUARANTINED_IMAGE_PATH.test(path)) continue;
      shop[field] = await this.claim(field, path.slice(OBJECTS_PATH_PREFIX.length));
    }
    const { values, problems } = checkShop({ ...shop, isVerified: 'false' });
    if (problems.length)
      throw invalid(
        problems.map(({ field, code, message, params }) => ({
          field: `shop.${field}`,
          code,
          message,
          ...(params ? { params } : {}),
        })),
      );
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
    if (!object)
      throw invalid([
        {
          field: `shop.${field}`,
          code: 'INVALID_IMAGE',
          message: 'The uploaded image was not found; it may have been swept',
        },
      ]);
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    const key = `uploads/${randomUUID()}`;
    await this.dataSource.getRepository(UnattachedObject).insert({ key, since: Date.now() });
    await this.storage.put(key, Buffer.concat(chunks), object.contentType);
    return `${OBJECTS_PATH_PREFIX}${key}`;
  }
}
