import type { StorageConfig } from '../config/storage.config.js';
import { LocalObjectStorage } from './local-object-storage.js';
import type { ObjectStorage } from './object-storage.js';

/**
 * The object storage STORAGE chooses, for the server and a worker alike; the (large) AWS SDK is
 * loaded only for S3. `onError` hears of every failed S3 request but a missing object.
 */
export async function storageFromConfig(
  storage: StorageConfig,
  onError?: (operation: string) => void,
): Promise<ObjectStorage> {
  if (storage.driver !== 's3') return new LocalObjectStorage(storage.localDir);
  const { S3ObjectStorage } = await import('./s3-object-storage.js');
  return new S3ObjectStorage(storage.s3!, onError);
}
