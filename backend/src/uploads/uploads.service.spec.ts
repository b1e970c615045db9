import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { GIF_1X1, pngImage } from '../../test/support/fixtures.js';
import { STORAGE_PROVIDERS, stopClockAt, unitSuite } from '../../test/support/unit-module.js';
import { UnattachedObject } from '../database/database.entity.js';
import { ObjectStorage } from './object-storage.js';
import { UPLOAD_URL_SECONDS, UploadsService, type UploadFolder } from './uploads.service.js';

const ORIGIN = 'https://armeros.example';

/** The PUT of `bytes` to an upload link, as Express hands it over. */
function put(
  bytes: Buffer,
  contentType = 'image/png',
  declaredLength: number | null = bytes.length,
): Request {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (declaredLength !== null) headers['content-length'] = String(declaredLength);
  return Object.assign(Readable.from([bytes]), { headers }) as unknown as Request;
}

describe('UploadsService', () => {
  const unit = unitSuite(STORAGE_PROVIDERS);
  const uploads = unit.provider(UploadsService);

  afterEach(() => {
    jest.useRealTimers();
  });

  /** A new link: its id, its query, and the folder it writes to. */
  const newLink = async (folder: UploadFolder = 'uploads', kind: 'logo' | 'map' = 'logo') => {
    const url = new URL(await uploads.createUploadUrl(kind, ORIGIN, folder));
    const id = url.pathname.split('/').pop()!;
    return { id, url, query: Object.fromEntries(url.searchParams), folder };
  };
  const receive = (link: Awaited<ReturnType<typeof newLink>>, request: Request, folder = link.folder) =>
    uploads.receiveUpload(link.id, link.query, request, folder);

  it('makes a signed link for five minutes under the folder asked, and lists its key for the sweep', async () => {
    stopClockAt(Date.UTC(2026, 10, 23, 12));
    const link = await newLink('quarantine');
    expect(link.url.origin + link.url.pathname).toBe(`${ORIGIN}/api/quarantine/${link.id}`);
    expect(link.query).toMatchObject({ type: 'logo', expires: String(Date.UTC(2026, 10, 23, 12, 5) / 1000) });
    expect(
      await unit.dataSource.getRepository(UnattachedObject).findOneBy({ key: `quarantine/${link.id}` }),
    ).not.toBeNull();
  });

  it('stores an image once, with the type its bytes show, and refuses the link’s second use', async () => {
    const link = await newLink();
    // A GIF sent as PNG is stored and served as a GIF.
    await expect(receive(link, put(GIF_1X1, 'image/png'))).resolves.toEqual({
      path: `/objects/uploads/${link.id}`,
      contentType: 'image/gif',
      size: GIF_1X1.length,
    });
    await expect(receive(link, put(pngImage()))).rejects.toMatchObject({
      status: 403,
      code: 'UPLOAD_LINK_USED',
    });
    const stored = await unit.get(ObjectStorage).stat(`uploads/${link.id}`);
    expect(stored?.size).toBe(GIF_1X1.length);
  });

  it('refuses a link that is not one, was signed for another key, kind or folder, or has expired', async () => {
    const link = await newLink();
    await expect(uploads.receiveUpload('not-a-uuid', link.query, put(pngImage()))).rejects.toMatchObject({
      status: 400,
      code: 'UPLOAD_LINK_INVALID',
    });
    for (const query of [
      {},
      { ...link.query, expires: '12e9' },
      { ...link.query, type: 'map' },
      { ...link.query, signature: link.query.signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) },
    ]) {
      await expect(uploads.receiveUpload(link.id, query, put(pngImage()))).rejects.toMatchObject({
        status: 403,
        code: 'UPLOAD_LINK_INVALID',
      });
    }
    await expect(uploads.receiveUpload(randomUUID(), link.query, put(pngImage()))).rejects.toMatchObject({
      code: 'UPLOAD_LINK_INVALID',
    });
    // A visitor's quarantine link cannot write where administrators' images are served.
    const visitors = await newLink('quarantine');
    await expect(receive(visitors, put(pngImage()), 'uploads')).rejects.toMatchObject({
      code: 'UPLOAD_LINK_INVALID',
    });

    stopClockAt(Date.now() + (UPLOAD_URL_SECONDS + 1) * 1000);
    await expect(receive(link, put(pngImage()))).rejects.toMatchObject({
      status: 403,
      code: 'UPLOAD_LINK_EXPIRED',
    });
  });

  it('refuses what is not a PNG, JPEG, GIF or WebP image, by its declared type and by its bytes', async () => {
    const link = await newLink();
    await expect(receive(link, put(pngImage(), 'image/svg+xml'))).rejects.toMatchObject({
      status: 415,
      code: 'IMAGE_INVALID',
    });
    await expect(
      receive(link, put(Buffer.from('<html><script>alert(1)</script>'), 'image/png')),
    ).rejects.toMatchObject({
      status: 415,
      code: 'IMAGE_INVALID',
    });
    // Refused bytes use no link up.
    await expect(receive(link, put(pngImage()))).resolves.toMatchObject({ contentType: 'image/png' });
  });

  it('refuses more than 5 MB, whether declared up front or only found while reading', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    for (const declared of [big.length, null]) {
      await expect(receive(await newLink(), put(big, 'image/png', declared))).rejects.toMatchObject({
        status: 413,
        code: 'IMAGE_TOO_LARGE',
        details: { params: { maxBytes: 5 * 1024 * 1024 } },
      });
    }
  });

  it('serves an administrator’s upload, and never a quarantined one nor a key that is no upload id', async () => {
    const link = await newLink();
    await receive(link, put(pngImage()));
    expect(await uploads.getObject(link.id)).toMatchObject({ contentType: 'image/png' });
    const quarantined = await newLink('quarantine');
    await receive(quarantined, put(pngImage()));
    for (const id of [quarantined.id, `../quarantine/${quarantined.id}`, randomUUID()]) {
      await expect(uploads.getObject(id)).rejects.toMatchObject({ status: 404, code: 'IMAGE_NOT_FOUND' });
    }
  });

  it('names the problem of a stored image a shop wants to use', async () => {
    const link = await newLink();
    expect(await uploads.checkStoredImage(`uploads/${link.id}`)).toMatch(/not found/);
    await receive(link, put(pngImage()));
    expect(await uploads.checkStoredImage(`uploads/${link.id}`)).toBeNull();
  });
});
