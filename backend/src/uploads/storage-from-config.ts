import type { StorageConfig } from '../config/storage.config.js';
import { LocalObjectStorage } from './local-object-storage.js';
import type { ObjectStorage } from './object-storage.js';

/**
 * The object storage STORAGE chooses, for the web server and for a worker thread alike (each
 * builds its own). The AWS SDK is loaded only for the S3 store: it is large, and local storage
 * needs none of it. `onError` hears of every failed S3 request but a missing object.
 */
export async function storageFromConfig(
  storage: StorageConfig,
  onError?: (operation: string) => void,
): Promise<ObjectStorage> {
  if (storage.driver !== 's3') return new LocalObjectStorage(storage.localDir);
  const { S3ObjectStorage } = await import('./s3-object-storage.js');
  return new S3ObjectStorage(storage.s3!, onError);
}
