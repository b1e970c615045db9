import type { Shop } from 'frontend-common';

/**
 * Request and response shapes of the admin API (see /api/docs). Hand-written like
 * frontend-common's `Shop`; keep them in step with the backend DTOs.
 */
export interface AdminUser {
  id: string;
  username: string;
  createdAt: string;
}

export interface Credentials {
  username: string;
  password: string;
}

/** What the shop form sends: every editable field; the server fills id and the dates. */
export type ShopInput = Omit<Shop, 'id' | 'createdAt' | 'updatedAt'>;

/** A loaded shop may carry `logoUrl` (older data); the edit form prefers it when present. */
export type LoadedShop = Shop & { logoUrl?: string | null };

export interface BackupStats {
  totalShops: number;
  imagesWithLogos: number;
  imagesWithMaps: number;
  storedImages: number;
  estimatedSize: string;
  estimatedBytes: number;
  restoreMaxBytes: number;
  lastFullBackupAt: string | null;
}

export interface RestoreResult {
  message: string;
  created: number;
  updated: number;
  images: number;
}

/** The error body every API route answers with. */
export interface ApiErrorBody {
  statusCode?: number;
  message?: string | string[];
  error?: string;
  errors?: { field: string; message: string }[];
}
