import { createHash, randomBytes } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import {
  access,
  copyFile,
  link,
  mkdir,
  readFile,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isProcessAlive } from '../common/process-liveness.js';
import { sniffImageType } from './image-check.js';
import { ObjectExistsError, ObjectStorage, type ObjectInfo, type StoredObject } from './object-storage.js';

/** The largest buffer one read of a stored object takes (images are at most 5 MB). */
const READ_CHUNK_MAX = 1024 * 1024;

interface Metadata {
  contentType: string;
  size: number;
  sha256: string;
}

/** A name no other write uses: the pid tells a dead writer's leftovers, the random part two writes apart. */
function temporaryName(target: string): string {
  return `${target}.${process.pid}.${randomBytes(8).toString('hex')}.partial`;
}

/** What is stored beside an object, computed from its bytes. */
function metadataOf(bytes: Buffer, contentType: string): Metadata {
  return { contentType, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('base64url') };
}

export const strongEtag = (sha256: string) => `"${sha256}"`;

/** The SHA-256 (base64url) of a file, read as a stream. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('base64url');
}

/** Files under DATA_DIR/objects with a JSON sidecar, written under a temporary name: never read half-done. */
export class LocalObjectStorage extends ObjectStorage {
  constructor(private readonly root: string) {
    super();
  }

  private path(key: string): string {
    return join(this.root, key);
  }

  /**
   * Hard-linked from a temporary name to its key, which fails when the key exists (of two writers one
   * wins); until the sidecar is written, `stat` derives it from the bytes, so they always agree.
   */
  async put(key: string, bytes: Buffer, contentType: string): Promise<ObjectInfo> {
    const temporary = temporaryName(this.path(key));
    await mkdir(dirname(temporary), { recursive: true });
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      return await this.linkAs(key, temporary, metadataOf(bytes, contentType));
    } finally {
      await rm(temporary, { force: true });
    }
  }

  /** Stores a file once, as `put` does: hard-linked on the same disk (no copy of a backup), else copied. */
  async putFile(key: string, file: string, contentType: string): Promise<ObjectInfo> {
    return this.linkAs(key, file, {
      contentType,
      size: (await stat(file)).size,
      sha256: await fileSha256(file),
    });
  }

  private async linkAs(key: string, file: string, metadata: Metadata): Promise<ObjectInfo> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    try {
      await link(file, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw new ObjectExistsError(key);
      if (code !== 'EXDEV') throw error;
      await copyFile(file, target, constants.COPYFILE_EXCL).catch((copyError: NodeJS.ErrnoException) => {
        throw copyError.code === 'EEXIST' ? new ObjectExistsError(key) : copyError;
      });
    }
    await this.writeMetadata(target, metadata);
    return { contentType: metadata.contentType, size: metadata.size, etag: strongEtag(metadata.sha256) };
  }

  /** Replaces the sidecar in one rename, so a reader sees the old one or the new one. */
  private async writeMetadata(target: string, metadata: Metadata): Promise<void> {
    const temporary = temporaryName(`${target}.meta.json`);
    try {
      await writeFile(temporary, JSON.stringify(metadata), { flag: 'wx' });
      await rename(temporary, `${target}.meta.json`);
    } finally {
      await rm(temporary, { force: true });
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const target = this.path(key);
    let metadata: Metadata;
    try {
      metadata = JSON.parse(await readFile(`${target}.meta.json`, 'utf8')) as Metadata;
      await access(target);
    } catch {
      // No sidecar yet (its writer is between link and rename, or died there): the bytes decide.
      const bytes = await readFile(target).catch(() => null);
      if (!bytes) return null;
      metadata = metadataOf(bytes, sniffImageType(bytes) ?? 'application/octet-stream');
      await this.writeMetadata(target, metadata).catch(() => undefined);
    }
    return { contentType: metadata.contentType, size: metadata.size, etag: strongEtag(metadata.sha256) };
  }

  async get(key: string): Promise<StoredObject | null> {
    const info = await this.stat(key);
    if (!info) return null;
    // One buffer per image up to 1 MiB, not 64 KiB reads plus an empty one: less garbage in a backup.
    const chunks =
      info.size > 0 ? { highWaterMark: Math.min(info.size, READ_CHUNK_MAX), end: info.size - 1 } : {};
    return { ...info, body: createReadStream(this.path(key), chunks) };
  }

  async delete(key: string): Promise<void> {
    // The sidecar first: bytes left without one by a crash still describe themselves (stat).
    await rm(`${this.path(key)}.meta.json`, { force: true });
    await rm(this.path(key), { force: true });
    // A write interrupted by a crash leaves `<key>.<pid>.<random>.partial` behind.
    const folder = dirname(this.path(key));
    const prefix = `${basename(key)}.`;
    for (const name of await readdir(folder).catch(() => [] as string[])) {
      if (name.startsWith(prefix) && name.endsWith('.partial')) await rm(join(folder, name), { force: true });
    }
  }

  /** Removes partial files whose writing process is gone (called at start-up). */
  async removeIncompleteWrites(prefix = 'uploads'): Promise<number> {
    const folder = this.path(prefix);
    let removed = 0;
    for (const name of await readdir(folder).catch(() => [] as string[])) {
      // `<pid>.<random hex>`, or `<pid>.<time>` as older releases named them.
      const match = /\.(\d+)\.[0-9a-f]+\.partial$/.exec(name);
      if (!match || isProcessAlive(Number(match[1]))) continue;
      await rm(join(folder, name), { force: true });
      removed++;
    }
    return removed;
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
