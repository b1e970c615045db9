import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomUUID } from 'node:crypto';
import {
  checkListingShop,
  consentProblems,
  correctionProblems,
  LISTING_IMAGE_FIELDS,
  normalizeText,
  OBJECTS_PATH_PREFIX,
  QUARANTINED_IMAGE_PATH,
} from 'contract';
import { MoreThan, Repository } from 'typeorm';
import { validationFailed, type FieldError } from '../common/api-error.js';
import { isUniqueViolation } from '../common/database-errors.js';
import { Shop } from '../shops/shop.entity.js';
import { shopNotFound } from '../shops/shops.service.js';
import type { CreateCorrectionDto } from './dto/create-correction.dto.js';
import type { CreateListingRequestDto } from './dto/create-listing-request.dto.js';
import { RateLimits } from '../rate-limits/rate-limits.service.js';
import { ObjectStorage, type UploadKind } from '../uploads/object-storage.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { asFieldError } from './listing-approval.js';
import { ProofOfWork } from './proof-of-work.js';
import { newReferenceCode } from './reference-code.js';
import { VisitorRequest } from './visitor-request.entity.js';

/** The same suggestion for the same shop within this long is merged into the first. */
export const DUPLICATE_WINDOW_MS = 24 * 3_600_000;

/** What a request is about: the rest of its row is the same for every kind. */
type RequestSubject = Pick<
  VisitorRequest,
  'type' | 'shopId' | 'shopName' | 'kind' | 'proposedValue' | 'comment' | 'proposedShop'
>;

/**
 * Visitors' submissions into the moderation queue, checked in order: the address's limit (guard), the
 * honeypot, the fields, the proof of work (spent only when valid), everyone's limit; repeats merge.
 */
@Injectable()
export class VisitorRequestsService {
  constructor(
    @InjectRepository(VisitorRequest) private readonly requests: Repository<VisitorRequest>,
    @InjectRepository(Shop) private readonly shops: Repository<Shop>,
    private readonly limits: RateLimits,
    private readonly proof: ProofOfWork,
    private readonly uploads: UploadsService,
    private readonly storage: ObjectStorage,
  ) {}

  async suggestCorrection(
    body: CreateCorrectionDto,
    address: string,
    now = Date.now(),
  ): Promise<{ reference: string }> {
    const { shopId } = body;
    if (body.homepage) return { reference: newReferenceCode() };
    const problems: FieldError[] = correctionProblems(body);
    if (problems.length) throw validationFailed(problems);
    const shop = await this.shops.findOneBy({ id: shopId });
    if (!shop) throw shopNotFound();
    const value = body.kind === 'closed' ? null : (body.value ?? null);
    const sameAs = `${shopId}|${body.kind}|${normalizeText(value ?? body.comment ?? '')}`;
    return this.queue(body, address, now, sameAs, {
      type: 'correction',
      shopId,
      shopName: shop.name,
      kind: body.kind,
      proposedValue: value,
      comment: body.comment ?? null,
      proposedShop: null,
    });
  }

  /** Queues a shop asking to be listed, checked as the admin form checks one; same name, city and phone merge. */
  async suggestListing(
    body: CreateListingRequestDto,
    address: string,
    now = Date.now(),
  ): Promise<{ reference: string }> {
    if (body.homepage) return { reference: newReferenceCode() };
    const { values, problems } = checkListingShop({ ...body.shop });
    const errors: FieldError[] = [
      ...problems.map(asFieldError),
      ...consentProblems(body),
      ...(await this.missingUploads(body.shop as unknown as Record<string, unknown>)),
    ];
    if (errors.length) throw validationFailed(errors);
    const shop = values as { name: string; city: string; phone: string };
    const sameAs = `listing|${normalizeText(shop.name)}|${normalizeText(shop.city)}|${shop.phone.replace(/\D/g, '')}`;
    const { isVerified: _verification, ...proposed } = values;
    return this.queue(body, address, now, sameAs, {
      type: 'listing',
      shopId: null,
      shopName: shop.name,
      kind: null,
      proposedValue: null,
      comment: null,
      proposedShop: JSON.stringify(proposed),
    });
  }

  /** A link to upload an image for "List my shop" into quarantine (served to no one), after a proof of work. */
  async quarantinedUploadUrl(kind: UploadKind, altcha: string | undefined, origin: string): Promise<string> {
    await this.proof.spend(altcha);
    await this.limits.take('visitor-upload.everyone');
    return this.uploads.createUploadUrl(kind, origin, 'quarantine');
  }

  /** The quarantined images the shop names that were never uploaded (or were swept). */
  private async missingUploads(shop: Record<string, unknown>): Promise<FieldError[]> {
    const missing: FieldError[] = [];
    for (const field of LISTING_IMAGE_FIELDS) {
      const path = shop[field];
      if (typeof path !== 'string' || !QUARANTINED_IMAGE_PATH.test(path)) continue;
      if (await this.storage.stat(path.slice(OBJECTS_PATH_PREFIX.length))) continue;
      missing.push({
        field: `shop.${field}`,
        code: 'INVALID_IMAGE',
        message: 'The uploaded image was not found; please upload it again',
      });
    }
    return missing;
  }

  /**
   * Spends the proof of work and everyone's limit, then counts the request once more on the same
   * one still pending (`sameAs` names it) or queues it, keeping name and e-mail only with consent.
   */
  private async queue(
    body: CreateCorrectionDto | CreateListingRequestDto,
    address: string,
    now: number,
    sameAs: string,
    subject: RequestSubject,
  ): Promise<{ reference: string }> {
    await this.proof.spend(body.altcha);
    await this.limits.take('visitor-submission.everyone');
    const duplicateKey = createHash('sha256').update(sameAs).digest('hex');
    const same = await this.pendingDuplicate(duplicateKey, now);
    if (same) return same;
    const withConsent = body.consent === true;
    return {
      reference: await this.insertWithFreshReference({
        id: randomUUID(),
        reference: newReferenceCode(),
        status: 'pending',
        ...subject,
        submitterName: withConsent ? (body.name ?? null) : null,
        submitterEmail: withConsent ? (body.email ?? null) : null,
        submitterAddress: address.slice(0, 64),
        duplicates: 0,
        duplicateKey,
        createdAt: now,
        decidedAt: null,
        decidedBy: null,
        decisionReason: null,
        personalDataErasedAt: null,
      }),
    };
  }

  /** The same request still waiting from within the window, counted once more; else null. */
  private async pendingDuplicate(duplicateKey: string, now: number): Promise<{ reference: string } | null> {
    const same = await this.requests.findOne({
      where: { duplicateKey, status: 'pending', createdAt: MoreThan(now - DUPLICATE_WINDOW_MS) },
      order: { createdAt: 'ASC' },
    });
    if (!same) return null;
    await this.requests.increment({ id: same.id }, 'duplicates', 1);
    return { reference: same.reference };
  }

  /** Inserts the row; a reference already taken (about one in 10^11) is drawn again. */
  private async insertWithFreshReference(row: VisitorRequest): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.requests.insert(row);
        return row.reference;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
        row.reference = newReferenceCode();
      }
    }
  }
}
