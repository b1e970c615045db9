import { join } from 'node:path';
import { ConfigError, flag, httpUrl, type Env } from './env-values.js';

export interface StorageConfig {
  driver: 'local' | 's3';
  localDir: string;
  s3?: {
    /** Where the backend talks to the store (inside the network); unset means AWS S3. */
    endpoint?: string;
    bucket: string;
    region: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
  };
}

export function parseStorage(env: Env, dataDir: string): StorageConfig {
  const driver = (env.STORAGE ?? 'local').trim().toLowerCase();
  if (driver !== 'local' && driver !== 's3') {
    throw new ConfigError(`STORAGE must be "local" or "s3", got "${env.STORAGE}"`);
  }
  const localDir = join(dataDir, 'objects');
  if (driver === 'local') return { driver, localDir };
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new ConfigError('S3_BUCKET is required when STORAGE=s3');
  const endpoint = httpUrl(env, 'S3_ENDPOINT');
  return {
    driver,
    localDir,
    s3: {
      endpoint,
      bucket,
      region: env.S3_REGION?.trim() || 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID || env.AWS_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || env.AWS_SECRET_ACCESS_KEY,
      forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', Boolean(endpoint)),
    },
  };
}
