import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ObjectStorage, type ObjectInfo, type StoredObject, type UploadKind } from './object-storage.js';

interface Metadata {
  contentType: string;
  size: number;
  sha256: string;
}

export function strongEtag(sha256: Buffer | string): string {
  const digest = typeof sha256 === 'string' ? sha256 : sha256.toString('base64url');
  return `"${digest}"`;
}

/**
 * Objects as files under DATA_DIR/objects, each with a small JSON sidecar holding its type,
 * size and checksum. Writes go to a temporary name and are renamed into place, so a reader
 * never sees half a file. Upload URLs point back at this backend and carry an HMAC.
 */
export class LocalObjectStorage extends ObjectStorage {
  constructor(
    private readonly root: string,
    private readonly signingKey: string,
  ) {
    super();
  }

  private path(key: string): string {
    return join(this.root, key);
  }

  signature(key: string, kind: string, expires: number): string {
    return createHmac('sha256', this.signingKey)
      .update(`upload\n${key}\n${kind}\n${expires}`)
      .digest('base64url');
  }

  /** True when the signature was made by this installation for exactly these values. */
  verifySignature(key: string, kind: string, expires: number, signature: string): boolean {
    const expected = Buffer.from(this.signature(key, kind, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  async createUploadUrl(
    key: string,
    kind: UploadKind,
    origin: string,
    expiresInSeconds: number,
  ): Promise<string> {
    const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
    const query = new URLSearchParams({
      type: kind,
      expires: String(expires),
      signature: this.signature(key, kind, expires),
    });
    return `${origin}/api/${key}?${query}`;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<ObjectInfo> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const sha256 = createHash('sha256').update(bytes).digest('base64url');
    const metadata: Metadata = { contentType, size: bytes.length, sha256 };
    const temporary = `${target}.${process.pid}.${Date.now()}.partial`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      await writeFile(`${target}.meta.json`, JSON.stringify(metadata));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { contentType, size: bytes.length, etag: strongEtag(sha256) };
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const metadata = JSON.parse(await readFile(`${this.path(key)}.meta.json`, 'utf8')) as Metadata;
      await access(this.path(key));
      return { contentType: metadata.contentType, size: metadata.size, etag: strongEtag(metadata.sha256) };
    } catch {
      return null;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const info = await this.stat(key);
    return info ? { ...info, body: createReadStream(this.path(key)) } : null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
    await rm(`${this.path(key)}.meta.json`, { force: true });
  }

  async *list(prefix: string): AsyncIterable<string> {
    const folder = prefix.replace(/\/$/, '');
    let names: string[];
    try {
      names = await readdir(this.path(folder));
    } catch {
      return;
    }
    for (const name of names) {
      if (!name.endsWith('.meta.json') && !name.endsWith('.partial')) yield `${folder}/${name}`;
    }
  }
}
