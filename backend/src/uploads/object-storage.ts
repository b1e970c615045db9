import type { Readable } from 'node:stream';

/** What is stored with every object. */
export interface ObjectInfo {
  contentType: string;
  size: number;
  /** Strong ETag (quoted), derived from the content's SHA-256. */
  etag: string;
}

export interface StoredObject extends ObjectInfo {
  body: Readable;
}

/** Where images live: local disk or any S3-compatible store; callers validate keys (`uploads/<uuid>`). */
export abstract class ObjectStorage {
  /** Stores a new object; throws ObjectExistsError when the key is taken (where the store can tell). */
  abstract put(key: string, bytes: Buffer, contentType: string): Promise<ObjectInfo>;
  /** Stores a new object from a file, streamed (backups can be larger than memory should hold). */
  abstract putFile(key: string, file: string, contentType: string): Promise<ObjectInfo>;
  abstract get(key: string): Promise<StoredObject | null>;
  abstract stat(key: string): Promise<ObjectInfo | null>;
  abstract delete(key: string): Promise<void>;
  /** Every key under a prefix (for statistics and clean-up). */
  abstract list(prefix: string): AsyncIterable<string>;
}

export type UploadKind = 'logo' | 'map';

/** A put to a key that already holds an object: the first write stays. */
export class ObjectExistsError extends Error {
  constructor(readonly key: string) {
    super(`${key} already exists`);
    this.name = 'ObjectExistsError';
  }
}
