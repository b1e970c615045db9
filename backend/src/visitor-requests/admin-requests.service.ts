import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { CORRECTED_FIELD, normalizeShopValue, SHOP_FIELD, shopFieldProblem } from 'contract';
import { In, Repository, type EntityManager, type FindOptionsWhere } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import { ApiError, validationFailed } from '../common/api-error.js';
import { TransactionRunner } from '../database/transaction-runner.js';
import { Shop } from '../shops/shop.entity.js';
import { ShopWriter } from '../shops/shop-writer.js';
import { shopNotFound } from '../shops/shops.service.js';
import { readStoredShops } from '../shops/stored-shops.js';
import type {
  AdminRequestDto,
  AdminRequestListDto,
  AdminRequestListQueryDto,
  ApproveRequestDto,
  MarkSpamResultDto,
} from './dto/admin-requests.dto.js';
import { ListingApproval } from './listing-approval.js';
import { RequestNotifications } from './request-notifications.js';
import { VisitorRequest } from './visitor-request.entity.js';

export const requestNotFound = () => new ApiError(404, 'REQUEST_NOT_FOUND', 'Request not found');
const alreadyDecided = () =>
  new ApiError(409, 'REQUEST_ALREADY_DECIDED', 'This request has already been decided');

const iso = (millis: number | null) => (millis === null ? null : new Date(millis).toISOString());

/** A decision and its shop write share one transaction, so of two admins deciding at once one gets 409. */
@Injectable()
export class AdminRequestsService {
  constructor(
    @InjectRepository(VisitorRequest) private readonly requests: Repository<VisitorRequest>,
    @InjectRepository(Shop) private readonly shops: Repository<Shop>,
    private readonly transactions: TransactionRunner,
    private readonly writer: ShopWriter,
    private readonly notifications: RequestNotifications,
    private readonly listings: ListingApproval,
  ) {}

  async pendingCount(): Promise<number> {
    return this.requests.countBy({ status: 'pending' });
  }

  async one(id: string): Promise<AdminRequestDto> {
    const row = await this.requests.findOneBy({ id });
    if (!row) throw requestNotFound();
    const shop = row.shopId ? await this.shops.findOneBy({ id: row.shopId }) : null;
    return toDto(row, shop ?? undefined);
  }

  async list(query: AdminRequestListQueryDto): Promise<AdminRequestListDto> {
    const { page = 1, pageSize = 20 } = query;
    const where: FindOptionsWhere<VisitorRequest> = {
      ...(query.status ? { status: query.status } : {}),
      ...(query.type ? { type: query.type } : {}),
      ...(query.kind ? { kind: query.kind } : {}),
    };
    const [rows, total] = await this.requests.findAndCount({
      where,
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    const shopIds = [...new Set(rows.map((row) => row.shopId).filter((id): id is string => id !== null))];
    const shops = shopIds.length ? await this.shops.findBy({ id: In(shopIds) }) : [];
    const byId = new Map(shops.map((shop) => [shop.id, shop]));
    return {
      items: rows.map((row) => toDto(row, row.shopId ? byId.get(row.shopId) : undefined)),
      total,
      page,
      pageSize,
    };
  }

  /** Writes a correction's (edited) value and its history, or creates a listing's shop, unverified. */
  async approve(id: string, edits: ApproveRequestDto, actor: ActivityActor): Promise<AdminRequestDto> {
    const edited = edits.value;
    const listing = await this.listings.prepare(id, edits.shop);
    const {
      dto,
      released,
      request: decided,
    } = await this.transactions.run(async (manager) => {
      const request = await this.claim(manager, id, 'approved', actor);
      const released: string[] = [];
      let shop: Shop | undefined;
      if (request.type === 'listing' && listing)
        shop = await this.listings.create(manager, request, listing, actor);
      if (request.type === 'correction' && request.shopId && request.kind) {
        const [current] = await readStoredShops(manager, [request.shopId]);
        if (!current && request.kind !== 'other') throw shopNotFound();
        const source = {
          via: 'suggestion' as const,
          reference: request.reference,
          approvedBy: actor.username,
        };
        const field = CORRECTED_FIELD[request.kind];
        if (current && (field || request.kind === 'closed')) {
          const writes = await this.writer.open(manager, actor, source);
          if (field) {
            const definition = SHOP_FIELD[field];
            const value = normalizeShopValue(definition, edited ?? request.proposedValue ?? '');
            const problem = shopFieldProblem(definition, value);
            if (problem) throw validationFailed([{ field: 'value', ...problem }]);
            shop = (await writes.update(current, { [field]: value })).shop;
          } else await writes.remove([current.shop]);
          await writes.finish();
          released.push(...writes.releasedImages);
        } else shop = current?.shop;
      }
      return { dto: toDto(request, shop), released, request };
    });
    await this.writer.releaseImages(released);
    // Not awaited: a slow mail server must not hold the decision's answer (failures are logged).
    void this.notifications.sendOutcome(decided);
    return dto;
  }

  async reject(
    id: string,
    reason: string | null | undefined,
    actor: ActivityActor,
  ): Promise<AdminRequestDto> {
    const request = await this.transactions.run((manager) =>
      this.claim(manager, id, 'rejected', actor, reason ?? null),
    );
    void this.notifications.sendOutcome(request);
    return toDto(request, undefined);
  }

  /** Marks pending requests as spam; the ones already decided are left as they are. */
  async markSpam(ids: readonly string[], actor: ActivityActor): Promise<MarkSpamResultDto> {
    const { affected } = await this.requests.update(
      { id: In([...ids]), status: 'pending' },
      { status: 'spam', decidedAt: Date.now(), decidedBy: actor.username },
    );
    return { marked: affected ?? 0 };
  }

  /** Moves a pending request to its decision, or throws 404 / 409; in the caller's transaction. */
  private async claim(
    manager: EntityManager,
    id: string,
    status: 'approved' | 'rejected',
    actor: ActivityActor,
    reason: string | null = null,
  ): Promise<VisitorRequest> {
    const requests = manager.getRepository(VisitorRequest);
    const decidedAt = Date.now();
    const { affected } = await requests.update(
      { id, status: 'pending' },
      { status, decidedAt, decidedBy: actor.username, decisionReason: reason },
    );
    const request = await requests.findOneBy({ id });
    if (!request) throw requestNotFound();
    if (!affected) throw alreadyDecided();
    return request;
  }
}

function toDto(row: VisitorRequest, shop: Shop | undefined): AdminRequestDto {
  const field = row.kind ? CORRECTED_FIELD[row.kind] : undefined;
  return {
    id: row.id,
    reference: row.reference,
    type: row.type,
    status: row.status,
    shopId: row.shopId,
    shopName: shop?.name ?? row.shopName,
    shopSlug: shop?.slug ?? null,
    kind: row.kind,
    // A correction proposes one line of text: the field's value as text (categories are never one).
    currentValue: shop && field && field !== 'categories' ? String(shop[field] ?? '') || null : null,
    proposedValue: row.proposedValue,
    comment: row.comment,
    proposedShop: row.proposedShop ? (JSON.parse(row.proposedShop) as AdminRequestDto['proposedShop']) : null,
    submitterName: row.submitterName,
    submitterEmail: row.submitterEmail,
    duplicates: row.duplicates,
    createdAt: iso(row.createdAt)!,
    decidedAt: iso(row.decidedAt),
    decidedBy: row.decidedBy,
    decisionReason: row.decisionReason,
  };
}
