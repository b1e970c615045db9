import { beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { shopBody } from '../../test/support/fixtures.js';
import { SHOP_PROVIDERS, unitSuite } from '../../test/support/unit-module.js';
import type { ActivityActor } from '../activity/activity-actor.js';
import type { CreateShopDto } from '../shops/dto/create-shop.dto.js';
import type { ShopDto } from '../shops/dto/shop.dto.js';
import { Shop } from '../shops/shop.entity.js';
import { ShopsService } from '../shops/shops.service.js';
import { AdminRequestsService } from './admin-requests.service.js';
import { ListingApproval } from './listing-approval.js';
import { newReferenceCode } from './reference-code.js';
import { RequestNotifications } from './request-notifications.js';
import { VisitorRequest } from './visitor-request.entity.js';

const CARMEN: ActivityActor = { adminId: randomUUID(), username: 'carmen', client: '203.0.113.7' };
const LUIS: ActivityActor = { ...CARMEN, adminId: randomUUID(), username: 'luis' };

describe('AdminRequestsService', () => {
  const unit = unitSuite([
    ...SHOP_PROVIDERS,
    ListingApproval,
    {
      provide: RequestNotifications,
      useValue: { sendOutcome: async (request: VisitorRequest) => told.push(request) },
    },
    AdminRequestsService,
  ]);
  const queue = unit.provider(AdminRequestsService);
  const shops = unit.provider(ShopsService);
  /** The shop's row as stored, or null. */
  const storedShop = (id: string) => unit.dataSource.getRepository(Shop).findOneBy({ id });
  let shop: ShopDto;
  /** The decisions the submitters were told about (the mailbox). */
  const told: VisitorRequest[] = [];

  beforeEach(async () => {
    told.length = 0;
    await unit.dataSource.getRepository(VisitorRequest).clear();
    const body = shopBody({ name: `Armería ${randomUUID().slice(0, 8)}`, phone: '+52 81 5555 0101' });
    shop = await shops.createShop(body as unknown as CreateShopDto, CARMEN);
  });

  /** A visitor's pending request, as VisitorRequestsService queues it. */
  const pending = async (overrides: Partial<VisitorRequest> = {}): Promise<VisitorRequest> => {
    const row: VisitorRequest = {
      id: randomUUID(),
      reference: newReferenceCode(),
      type: 'correction',
      status: 'pending',
      shopId: shop.id,
      shopName: shop.name,
      kind: 'phone',
      proposedValue: '+52 81 5555 0199',
      comment: null,
      proposedShop: null,
      submitterName: null,
      submitterEmail: 'ana@example.mx',
      submitterAddress: '198.51.100.2',
      duplicates: 0,
      duplicateKey: randomUUID(),
      createdAt: Date.now(),
      decidedAt: null,
      decidedBy: null,
      decisionReason: null,
      personalDataErasedAt: null,
      ...overrides,
    };
    await unit.dataSource.getRepository(VisitorRequest).insert(row);
    return row;
  };

  it('shows a correction beside the shop’s current value', async () => {
    const request = await pending();
    expect(await queue.one(request.id)).toMatchObject({
      reference: request.reference,
      shopSlug: shop.slug,
      currentValue: '+52 81 5555 0101',
      proposedValue: '+52 81 5555 0199',
      status: 'pending',
    });
    await expect(queue.one(randomUUID())).rejects.toMatchObject({ status: 404, code: 'REQUEST_NOT_FOUND' });
  });

  it('approves a correction through the shop writer, naming the reference and the approver, and tells the submitter', async () => {
    const request = await pending();
    const decided = await queue.approve(request.id, {}, CARMEN);
    expect(decided).toMatchObject({
      status: 'approved',
      decidedBy: 'carmen',
      currentValue: '+52 81 5555 0199',
    });
    expect((await storedShop(shop.id))!.phone).toBe('+52 81 5555 0199');
    expect((await unit.activity()).at(-1)).toMatchObject({
      kind: 'shop.updated',
      details: { source: { via: 'suggestion', reference: request.reference, approvedBy: 'carmen' } },
    });
    expect(told.map((row) => [row.reference, row.status])).toEqual([[request.reference, 'approved']]);
  });

  it('approves the administrator’s edit instead, checked by the field’s rules; a refused edit decides nothing', async () => {
    const request = await pending();
    await expect(queue.approve(request.id, { value: 'call me maybe' }, CARMEN)).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      details: { errors: [expect.objectContaining({ field: 'value' })] },
    });
    expect((await queue.one(request.id)).status).toBe('pending');
    await queue.approve(request.id, { value: '+52 81 5555 0177' }, CARMEN);
    expect((await storedShop(shop.id))!.phone).toBe('+52 81 5555 0177');
  });

  it('deletes the shop when a closure is approved', async () => {
    const request = await pending({ kind: 'closed', proposedValue: null });
    await queue.approve(request.id, {}, CARMEN);
    expect(await storedShop(shop.id)).toBeNull();
  });

  it('decides a request once: of an approval and a rejection at the same time, one wins and the other is 409', async () => {
    const request = await pending();
    const results = await Promise.allSettled([
      queue.approve(request.id, {}, CARMEN),
      queue.reject(request.id, 'Not a real number', LUIS),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({
      reason: { status: 409, code: 'REQUEST_ALREADY_DECIDED' },
    });
    expect(told).toHaveLength(1);
    await expect(queue.reject(randomUUID(), null, LUIS)).rejects.toMatchObject({ code: 'REQUEST_NOT_FOUND' });
  });

  it('rejects with the reason kept, changing no shop', async () => {
    const request = await pending();
    expect(await queue.reject(request.id, 'Not a real number', LUIS)).toMatchObject({
      status: 'rejected',
      decidedBy: 'luis',
      decisionReason: 'Not a real number',
    });
    expect((await storedShop(shop.id))!.phone).toBe('+52 81 5555 0101');
    expect(told[0]).toMatchObject({ status: 'rejected', decisionReason: 'Not a real number' });
  });

  it('creates the shop of an approved listing request, unverified whatever it asked', async () => {
    const proposed = shopBody({ name: 'Armería Listada', city: 'Colima', isVerified: 'true' });
    const request = await pending({
      type: 'listing',
      shopId: null,
      shopName: 'Armería Listada',
      kind: null,
      proposedValue: null,
      proposedShop: JSON.stringify(proposed),
    });
    const decided = await queue.approve(request.id, {}, CARMEN);
    expect(decided).toMatchObject({
      status: 'approved',
      shopId: expect.any(String),
      shopSlug: 'armeria-listada-colima',
    });
    expect(await storedShop(decided.shopId!)).toMatchObject({
      name: 'Armería Listada',
      isVerified: 'false',
    });
  });

  it('marks pending requests as spam and leaves decided ones as they are', async () => {
    const [a, b, decided] = [await pending(), await pending(), await pending()];
    await queue.reject(decided.id, null, CARMEN);
    expect(await queue.markSpam([a.id, b.id, decided.id, randomUUID()], CARMEN)).toEqual({ marked: 2 });
    expect((await queue.one(decided.id)).status).toBe('rejected');
    expect(await queue.pendingCount()).toBe(0);
  });

  it('lists newest first, filtered by status and type, with the real total', async () => {
    const old = await pending({ createdAt: Date.now() - 60_000 });
    const recent = await pending();
    await pending({ type: 'listing', shopId: null, kind: null, proposedShop: '{}' });
    await queue.reject(old.id, null, CARMEN);
    expect(await queue.list({ type: 'correction' })).toMatchObject({
      total: 2,
      items: [{ id: recent.id }, { id: old.id }],
    });
    expect((await queue.list({ status: 'rejected' })).items.map((item) => item.id)).toEqual([old.id]);
  });
});
