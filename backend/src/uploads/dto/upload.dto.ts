import { IsIn } from 'class-validator';
import type { UploadKind } from '../object-storage.js';

/** What is about to be uploaded. */
export class CreateUploadDto {
  /** `logo` or `map` (the shop's map or photo). */
  @IsIn(['logo', 'map'], { message: "type must be 'logo' or 'map'" })
  type: UploadKind;
}

export class UploadUrlDto {
  /**
   * Where to PUT the image bytes (with their Content-Type) within 5 minutes; its path ends in
   * `/uploads/<uuid>`, and the image is then served at `/objects/uploads/<uuid>`.
   * @example "http://localhost:3000/api/uploads/0b9a6f0e-8d1c-4c59-9d6e-3f1f7a1c2b3d?type=logo&expires=1795320000&signature=..."
   */
  uploadURL: string;
}

/** The answer to a successful PUT of image bytes. */
export class StoredUploadDto {
  /** @example "/objects/uploads/0b9a6f0e-8d1c-4c59-9d6e-3f1f7a1c2b3d" */
  path: string;
  /** @example "image/png" */
  contentType: string;
  size: number;
}
