import type { StorageConfig } from '../config/storage.config.js';
import { LocalObjectStorage } from './local-object-storage.js';
import type { ObjectStorage } from './object-storage.js';

/** The storage STORAGE chooses, for server and workers; the large AWS SDK is loaded only for S3. */
export async function storageFromConfig(
  storage: StorageConfig,
  onError?: (operation: string) => void,
): Promise<ObjectStorage> {
  if (storage.driver !== 's3') return new LocalObjectStorage(storage.localDir);
  const { S3ObjectStorage } = await import('./s3-object-storage.js');
  return new S3ObjectStorage(storage.s3!, onError);
}
