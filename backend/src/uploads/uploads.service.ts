import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/api-error.js';
import { releaseWholeBuffers } from '../common/released-buffers.js';
import { duplicateAs } from '../common/database-errors.js';
import { declaredLength, refuseUnread } from '../common/unread-body.js';
import { SystemFlag, UnattachedObject } from '../database/database.entity.js';
import type { StoredUploadDto } from './dto/upload.dto.js';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, OBJECTS_PATH_PREFIX, UUID_PATTERN as UUID } from 'contract';
import { imageProblem, sniffImageType } from './image-check.js';
import { LocalObjectStorage } from './local-object-storage.js';
import { ObjectExistsError, ObjectStorage, type StoredObject, type UploadKind } from './object-storage.js';
import { UploadLinks } from './upload-links.js';

/** How long an upload URL stays valid. */
export const UPLOAD_URL_SECONDS = 5 * 60;

/** Reads a body up to `limit` bytes (more is 413, unread); pieces are freed once joined, not by V8 later. */
async function readBody(request: Request, limit: number): Promise<Buffer> {
  if ((declaredLength(request) ?? 0) > limit) throw tooLarge(request);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of request) {
    total += (chunk as Buffer).length;
    if (total > limit) throw tooLarge(request);
    chunks.push(chunk as Buffer);
  }
  const body = Buffer.concat(chunks);
  releaseWholeBuffers(chunks);
  return body;
}

function tooLarge(request: Request): ApiError {
  return refuseUnread(
    request,
    new ApiError(413, 'IMAGE_TOO_LARGE', 'The image is too large: at most 5 MB', {
      params: { maxBytes: MAX_IMAGE_BYTES },
    }),
  );
}

/** `system_flag` rows claiming an upload link on a store that cannot refuse a second write. */
export const UPLOAD_CLAIM_PREFIX = 'upload:';

/** `uploads/` is served at /objects/uploads/; `quarantine/` (visitors') to no one until approved. */
export type UploadFolder = 'uploads' | 'quarantine';

/** Signed upload links, receiving and checking uploaded bytes, and serving images. */
@Injectable()
export class UploadsService {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly links: UploadLinks,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** A link to upload one image, its key marked unattached until a shop uses it. */
  async createUploadUrl(kind: UploadKind, origin: string, folder: UploadFolder = 'uploads'): Promise<string> {
    const key = `${folder}/${randomUUID()}`;
    await this.dataSource.getRepository(UnattachedObject).insert({ key, since: Date.now() });
    return this.links.create(key, kind, origin, UPLOAD_URL_SECONDS);
  }

  /** Checks the signature, size and bytes, then stores them; of two PUTs to one link the second is 403. */
  async receiveUpload(
    id: string,
    query: Record<string, unknown>,
    request: Request,
    folder: UploadFolder = 'uploads',
  ): Promise<StoredUploadDto> {
    if (!UUID.test(id)) throw new ApiError(400, 'UPLOAD_LINK_INVALID', 'Invalid upload key');
    const key = `${folder}/${id}`;
    const { type, expires, signature } = query;
    if (
      typeof type !== 'string' ||
      typeof expires !== 'string' ||
      typeof signature !== 'string' ||
      !/^\d+$/.test(expires) ||
      !this.links.verify(key, type, Number(expires), signature)
    )
      throw new ApiError(403, 'UPLOAD_LINK_INVALID', 'This upload link is invalid');
    if (Number(expires) * 1000 < Date.now())
      throw new ApiError(403, 'UPLOAD_LINK_EXPIRED', 'This upload link has expired');
    const used = () => new ApiError(403, 'UPLOAD_LINK_USED', 'This upload link has already been used');
    if (await this.storage.stat(key)) throw used();

    const declaredType = String(request.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    if (!(IMAGE_TYPES as readonly string[]).includes(declaredType)) {
      throw new ApiError(415, 'IMAGE_INVALID', 'Only PNG, JPEG, GIF or WebP images are accepted');
    }
    const bytes = await readBody(request, MAX_IMAGE_BYTES);
    const problem = imageProblem(bytes);
    if (problem) throw new ApiError(415, 'IMAGE_INVALID', problem);
    // The bytes decide the type: a JPEG sent as image/png is stored and served as JPEG.
    const contentType = sniffImageType(bytes)!;
    // Two PUTs of one link at once both pass the check above; only one gets in. Local storage
    // refuses the second write itself; an S3 PUT would replace the object, so the link is
    // claimed in the database first (a primary key: of two inserts, one fails).
    const claimed = !(this.storage instanceof LocalObjectStorage);
    if (claimed) {
      await duplicateAs(
        this.dataSource.getRepository(SystemFlag).insert({ name: `${UPLOAD_CLAIM_PREFIX}${id}` }),
        used,
      );
    }
    const stored = await this.storage.put(key, bytes, contentType).catch(async (error: unknown) => {
      if (error instanceof ObjectExistsError) throw used();
      // Nothing was stored: the link may be tried again.
      if (claimed)
        await this.dataSource.getRepository(SystemFlag).delete({ name: `${UPLOAD_CLAIM_PREFIX}${id}` });
      throw error;
    });
    // Stored: its own mapping goes back now rather than at V8's next collection.
    releaseWholeBuffers([bytes]);
    return { path: `${OBJECTS_PATH_PREFIX}${key}`, contentType, size: stored.size };
  }

  /** Why a shop cannot use a stored upload, or null; an S3 object's bytes are checked, a bad one deleted. */
  async checkStoredImage(key: string): Promise<string | null> {
    const info = await this.storage.stat(key);
    if (!info) return 'the uploaded image was not found; please upload it again';
    if (this.storage instanceof LocalObjectStorage) return null;
    const problem =
      info.size > MAX_IMAGE_BYTES
        ? 'The image is too large: at most 5 MB'
        : imageProblem(Buffer.concat(await (await this.storage.get(key))!.body.toArray()));
    if (problem) await this.storage.delete(key);
    return problem;
  }

  /**
   * Local uploads are streamed; an S3 object (it may not have passed the upload checks) is served only as
   * the image its bytes show, never HTML or script from our origin.
   */
  async getObject(id: string): Promise<StoredObject> {
    const notFound = new ApiError(404, 'IMAGE_NOT_FOUND', 'Image not found');
    const object = UUID.test(id) ? await this.storage.get(`uploads/${id}`) : null;
    if (!object) throw notFound;
    if (this.storage instanceof LocalObjectStorage) return object;
    if (object.size > MAX_IMAGE_BYTES) {
      object.body.destroy();
      throw notFound;
    }
    const bytes = Buffer.concat(await object.body.toArray());
    if (imageProblem(bytes)) throw notFound;
    return {
      ...object,
      contentType: sniffImageType(bytes)!,
      size: bytes.length,
      body: Readable.from([bytes]),
    };
  }
}
