import { Injectable, Logger } from '@nestjs/common';
import { MAX_IMAGE_BYTES, OBJECTS_PATH_PREFIX, UPLOADED_IMAGE_PATH } from 'contract';
import { imageSize } from 'image-size';
import { LRUCache } from 'lru-cache';
import { ObjectStorage } from '../uploads/object-storage.js';

export interface ImageSize {
  width: number;
  height: number;
}

/** Sizes kept (least recently asked out first); an uploaded image's key never changes content. */
const KEPT = 5_000;

/** Uploaded images' pixel sizes for link previews, read once each; images elsewhere are not fetched. */
@Injectable()
export class ImageSizes {
  private readonly logger = new Logger(ImageSizes.name);
  /** Each image's size, or false when it is missing or no image. */
  private readonly known = new LRUCache<string, ImageSize | false>({ max: KEPT });

  constructor(private readonly storage: ObjectStorage) {}

  /** Reads the sizes of those of `paths` that are uploaded images and not yet known. */
  async load(paths: Iterable<string>): Promise<void> {
    const wanted = [...new Set(paths)].filter(
      (path) => UPLOADED_IMAGE_PATH.test(path) && !this.known.has(path),
    );
    await Promise.all(
      wanted.map(async (path) => {
        const size = await this.read(path);
        if (size !== undefined) this.known.set(path, size ?? false);
      }),
    );
  }

  /** The size of an uploaded image `load` has read, or undefined. */
  sizeOf = (path: string): ImageSize | undefined => this.known.get(path) || undefined;

  /** The image's size; null when it is missing or no image; undefined when the store failed (asked again). */
  private async read(path: string): Promise<ImageSize | null | undefined> {
    try {
      const object = await this.storage.get(path.slice(OBJECTS_PATH_PREFIX.length));
      if (!object) return null;
      const chunks: Buffer[] = [];
      let length = 0;
      for await (const chunk of object.body as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        length += chunk.length;
        if (length > MAX_IMAGE_BYTES) break;
      }
      object.body.destroy();
      return sizeOfBytes(Buffer.concat(chunks));
    } catch (error) {
      this.logger.warn(`No size for ${path}: ${(error as Error).message}`);
      return undefined;
    }
  }
}

function sizeOfBytes(bytes: Buffer): ImageSize | null {
  try {
    const { width, height } = imageSize(bytes);
    return width && height ? { width, height } : null;
  } catch {
    return null; // not an image the store should hold; no size rather than an error page
  }
}
