import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { shopBody } from '../../test/support/fixtures.js';
import { answerTo } from '../../test/support/proof-of-work.js';
import { SHOP_PROVIDERS, unitSuite } from '../../test/support/unit-module.js';
import { RateLimits } from '../rate-limits/rate-limits.service.js';
import type { CreateShopDto } from '../shops/dto/create-shop.dto.js';
import type { ShopDto } from '../shops/dto/shop.dto.js';
import { ShopsService } from '../shops/shops.service.js';
import type { CreateCorrectionDto } from './dto/create-correction.dto.js';
import type { CreateListingRequestDto } from './dto/create-listing-request.dto.js';
import { ProofOfWork } from './proof-of-work.js';
import { VisitorRequest } from './visitor-request.entity.js';
import { DUPLICATE_WINDOW_MS, VisitorRequestsService } from './visitor-requests.service.js';

const ADDRESS = '203.0.113.7';
const NOW = Date.UTC(2026, 10, 23, 12);

describe('VisitorRequestsService', () => {
  const unit = unitSuite([...SHOP_PROVIDERS, RateLimits, ProofOfWork, VisitorRequestsService]);
  const requests = unit.provider(VisitorRequestsService);
  let shop: ShopDto;

  beforeAll(async () => {
    const body = shopBody({ name: 'Armería del Norte' }) as unknown as CreateShopDto;
    shop = await unit.get(ShopsService).createShop(body, { adminId: null, username: 'carmen', client: null });
  });
  beforeEach(() => unit.dataSource.getRepository(VisitorRequest).clear());

  const proof = async () => answerTo(await unit.get(ProofOfWork).challenge());
  const correction = async (overrides: Partial<CreateCorrectionDto> = {}): Promise<CreateCorrectionDto> => ({
    shopId: shop.id,
    kind: 'phone',
    value: '+52 81 5555 0199',
    altcha: await proof(),
    ...overrides,
  });
  const stored = () => unit.dataSource.getRepository(VisitorRequest).find({ order: { createdAt: 'ASC' } });

  describe('corrections', () => {
    it('queues a correction for the shop, pending, with the address cut to 64 and no name without consent', async () => {
      const { reference } = await requests.suggestCorrection(
        await correction(),
        `2001:db8::${'a'.repeat(80)}`,
        NOW,
      );
      const [row] = await stored();
      expect(row).toMatchObject({
        reference,
        type: 'correction',
        status: 'pending',
        shopId: shop.id,
        shopName: 'Armería del Norte',
        kind: 'phone',
        proposedValue: '+52 81 5555 0199',
        submitterName: null,
        submitterEmail: null,
        duplicates: 0,
        createdAt: NOW,
      });
      expect(row.submitterAddress).toHaveLength(64);
    });

    it('keeps the name and e-mail only with consent, and refuses them without it', async () => {
      await expect(
        requests.suggestCorrection(await correction({ name: 'Ana', email: 'ana@example.mx' }), ADDRESS, NOW),
      ).rejects.toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        details: { errors: [expect.objectContaining({ field: 'consent', code: 'REQUIRED' })] },
      });
      await requests.suggestCorrection(
        await correction({ name: 'Ana', email: 'ana@example.mx', consent: true }),
        ADDRESS,
        NOW,
      );
      expect((await stored())[0]).toMatchObject({ submitterName: 'Ana', submitterEmail: 'ana@example.mx' });
    });

    it('answers a filled honeypot like a success and keeps nothing', async () => {
      const { reference } = await requests.suggestCorrection(
        await correction({ homepage: 'http://spam.example' }),
        ADDRESS,
        NOW,
      );
      expect(reference).toEqual(expect.any(String));
      expect(await stored()).toEqual([]);
    });

    it('checks the fields and the shop before spending the proof of work, and takes a proof once', async () => {
      const altcha = await proof();
      await expect(
        requests.suggestCorrection(await correction({ value: 'call me', altcha }), ADDRESS, NOW),
      ).rejects.toMatchObject({
        details: { errors: [expect.objectContaining({ field: 'value', code: 'INVALID_PHONE' })] },
      });
      await expect(
        requests.suggestCorrection(await correction({ shopId: randomUUID(), altcha }), ADDRESS, NOW),
      ).rejects.toMatchObject({ status: 404, code: 'SHOP_NOT_FOUND' });
      // Neither refusal spent it.
      await requests.suggestCorrection(await correction({ altcha }), ADDRESS, NOW);
      await expect(
        requests.suggestCorrection(await correction({ altcha, value: '+52 81 5555 0200' }), ADDRESS, NOW),
      ).rejects.toMatchObject({ status: 400, code: 'PROOF_OF_WORK_FAILED' });
      for (const altcha of [undefined, 'not base64 json', Buffer.from('{}').toString('base64')]) {
        await expect(
          requests.suggestCorrection(await correction({ altcha }), ADDRESS, NOW),
        ).rejects.toMatchObject({
          code: 'PROOF_OF_WORK_FAILED',
        });
      }
    });

    it('merges the same suggestion for the same shop within a day into the first, written any way', async () => {
      const first = await requests.suggestCorrection(
        await correction({ kind: 'address', value: 'Calle Hidalgo 12' }),
        ADDRESS,
        NOW,
      );
      const again = await requests.suggestCorrection(
        await correction({ kind: 'address', value: '  CALLE  hidalgo 12 ' }),
        '198.51.100.2',
        NOW + DUPLICATE_WINDOW_MS - 1,
      );
      expect(again).toEqual(first);
      expect(await stored()).toMatchObject([{ reference: first.reference, duplicates: 1 }]);
      const dayLater = await requests.suggestCorrection(
        await correction({ kind: 'address', value: 'Calle Hidalgo 12' }),
        ADDRESS,
        NOW + DUPLICATE_WINDOW_MS + 1,
      );
      expect(dayLater).not.toEqual(first);
      // Another kind of correction with the same text is another suggestion.
      await requests.suggestCorrection(
        await correction({ kind: 'other', value: 'Calle Hidalgo 12' }),
        ADDRESS,
        NOW,
      );
      expect(await stored()).toHaveLength(3);
    });

    it('keeps no value for a shop reported closed', async () => {
      await requests.suggestCorrection(
        await correction({ kind: 'closed', value: 'ignored', comment: 'Cerró en mayo' }),
        ADDRESS,
        NOW,
      );
      expect((await stored())[0]).toMatchObject({
        kind: 'closed',
        proposedValue: null,
        comment: 'Cerró en mayo',
      });
    });
  });

  describe('listing requests', () => {
    const listing = async (shopOverrides: Record<string, unknown> = {}): Promise<CreateListingRequestDto> =>
      ({
        shop: shopBody({
          name: 'Armería Nueva',
          city: 'Colima',
          phone: '+52 312 555 0101',
          ...shopOverrides,
        }),
        altcha: await proof(),
      }) as unknown as CreateListingRequestDto;

    it('queues a shop that asks to be listed, without the verification it may claim', async () => {
      const queued = await requests.suggestListing(await listing({ isVerified: 'true' }), ADDRESS, NOW);
      const [row] = await stored();
      const proposed = JSON.parse(row.proposedShop!) as Record<string, unknown>;
      expect(row).toMatchObject({
        ...queued,
        type: 'listing',
        status: 'pending',
        shopId: null,
        shopName: 'Armería Nueva',
      });
      expect(proposed).toMatchObject({ name: 'Armería Nueva', city: 'Colima' });
      expect(proposed).not.toHaveProperty('isVerified');
    });

    it('checks the shop as the admin form does, and its quarantined images exist', async () => {
      await expect(
        requests.suggestListing(
          await listing({ email: 'not an e-mail', logo: `/objects/quarantine/${randomUUID()}` }),
          ADDRESS,
          NOW,
        ),
      ).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        details: {
          errors: expect.arrayContaining([
            expect.objectContaining({ field: 'shop.email' }),
            expect.objectContaining({ field: 'shop.logo', code: 'INVALID_IMAGE' }),
          ]),
        },
      });
      expect(await stored()).toEqual([]);
    });

    it('merges the same shop (name, city, phone digits) sent again while the first waits', async () => {
      const first = await requests.suggestListing(await listing(), ADDRESS, NOW);
      const again = await requests.suggestListing(
        await listing({ name: 'ARMERIA NUEVA', phone: '+52 (312) 555-0101' }),
        ADDRESS,
        NOW + 60_000,
      );
      expect(again).toEqual(first);
      expect(await stored()).toMatchObject([{ duplicates: 1 }]);
    });
  });
});
