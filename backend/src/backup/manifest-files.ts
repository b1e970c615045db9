import { OBJECTS_PATH_PREFIX } from 'contract';
import { imageEntryName, JsonObjectMembers, type ManifestFile } from './backup-format.js';

const SHA256_BYTES = 32;

/** The manifest's `files` (in order added) as columns and one checksum buffer: far less heap than objects. */
export class ManifestFiles {
  private readonly documents: [string, ManifestFile][] = [];
  private readonly keys: string[] = [];
  private readonly contentTypes: string[] = [];
  private readonly sizes: number[] = [];
  private readonly sharedTypes = new Map<string, string>();
  private checksums = Buffer.alloc(SHA256_BYTES * 1024);

  /** A JSON document of the archive (shops.json and the like), which comes before the images. */
  addDocument(name: string, file: ManifestFile): void {
    if (this.keys.length) throw new Error('The documents come before the images');
    this.documents.push([name, file]);
  }

  /** A stored object of `key` written as `imageEntryName(key, contentType)`. */
  addImage(key: string, contentType: string, file: ManifestFile): void {
    const index = this.keys.length;
    if ((index + 1) * SHA256_BYTES > this.checksums.length) {
      const grown = Buffer.alloc(this.checksums.length * 2);
      this.checksums.copy(grown);
      this.checksums = grown;
    }
    if (this.checksums.write(file.sha256, index * SHA256_BYTES, 'hex') !== SHA256_BYTES) {
      throw new Error(`Not a SHA-256 in hex: ${file.sha256}`);
    }
    let shared = this.sharedTypes.get(contentType);
    if (shared === undefined) this.sharedTypes.set(contentType, (shared = contentType));
    this.keys.push(key);
    this.contentTypes.push(shared);
    this.sizes.push(file.size);
  }

  /** The manifest's `files` object, written member by member (`prettyJsonChunks`). */
  toJson(): JsonObjectMembers {
    return new JsonObjectMembers(() => this.members());
  }

  private *members(): Generator<[string, ManifestFile]> {
    yield* this.documents;
    for (let index = 0; index < this.keys.length; index++) {
      const key = this.keys[index];
      const contentType = this.contentTypes[index];
      const offset = index * SHA256_BYTES;
      yield [
        imageEntryName(key, contentType),
        {
          sha256: this.checksums.toString('hex', offset, offset + SHA256_BYTES),
          size: this.sizes[index],
          path: `${OBJECTS_PATH_PREFIX}${key}`,
          contentType,
        },
      ];
    }
  }
}
