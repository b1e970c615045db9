import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  type HeadObjectCommandOutput,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { StorageConfig } from '../config/storage.config.js';
import { fileSha256, strongEtag } from './local-object-storage.js';
import { ObjectStorage, type ObjectInfo, type StoredObject } from './object-storage.js';

const SHA256_METADATA = 'sha256';

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
}

/** The answer, or null for a missing object. */
const orNull = <T>(request: Promise<T>): Promise<T | null> =>
  request.catch((error: unknown) => {
    if (isNotFound(error)) return null;
    throw error;
  });

type S3Settings = NonNullable<StorageConfig['s3']>;

function clientFor(config: S3Settings): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // No CRC trailer by default: a streamed body (a backup) would be sent aws-chunked, which
    // not every S3-compatible store reads back as the bytes sent. Images carry our SHA-256.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    // Nor a checksum computed over every image read back (each public image streams through here).
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Each command's middleware resolved once (ours is added before the first call): less garbage a read.
    cacheMiddleware: true,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
}

/** Any S3-compatible store at S3_ENDPOINT; only the backend talks to it: the bucket needs no public read. */
export class S3ObjectStorage extends ObjectStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  /** `onError` hears of every failed request but a missing object (for the metrics). */
  constructor(
    config: S3Settings,
    private readonly onError: (operation: string) => void = () => undefined,
  ) {
    super();
    this.bucket = config.bucket;
    this.client = clientFor(config);
    this.client.middlewareStack.add(
      (next, context) => async (args) => {
        try {
          return await next(args);
        } catch (error) {
          if (!isNotFound(error)) onError(String(context.commandName ?? 'unknown'));
          throw error;
        }
      },
      { step: 'initialize', name: 'countObjectStoreErrors' },
    );
  }

  put(key: string, bytes: Buffer, contentType: string): Promise<ObjectInfo> {
    const sha256 = createHash('sha256').update(bytes).digest('base64url');
    return this.putObject(key, bytes, { contentType, size: bytes.length, etag: strongEtag(sha256) });
  }

  /** One PUT streamed from the file (S3 takes up to 5 GB that way). */
  async putFile(key: string, file: string, contentType: string): Promise<ObjectInfo> {
    const etag = strongEtag(await fileSha256(file));
    return this.putObject(key, createReadStream(file), { contentType, size: (await stat(file)).size, etag });
  }

  /** Stores `body`, its checksum (the ETag's) as metadata. */
  private async putObject(key: string, body: Buffer | Readable, info: ObjectInfo): Promise<ObjectInfo> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: info.contentType,
        ContentLength: info.size,
        Metadata: { [SHA256_METADATA]: info.etag.slice(1, -1) },
      }),
    );
    return info;
  }

  private infoOf(head: HeadObjectCommandOutput): ObjectInfo {
    const sha256 = head.Metadata?.[SHA256_METADATA];
    return {
      contentType: head.ContentType ?? 'application/octet-stream',
      size: head.ContentLength ?? 0,
      etag: sha256 ? strongEtag(sha256) : (head.ETag ?? '""'),
    };
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const head = await orNull(this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })));
    return head && this.infoOf(head);
  }

  async get(key: string): Promise<StoredObject | null> {
    const answer = await orNull(this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })));
    // In Node the body is the HTTP answer itself, streamed as it arrives.
    return answer && { ...this.infoOf(answer), body: answer.Body as Readable };
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(prefix: string): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) if (item.Key) yield item.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
