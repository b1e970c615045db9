import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UploadKind } from './object-storage.js';

/** Upload URLs (`/api/uploads/<uuid>?type&expires&signature`) signed with an HMAC of key, kind and expiry. */
export class UploadLinks {
  constructor(private readonly signingKey: string) {}

  signature(key: string, kind: string, expires: number): string {
    return createHmac('sha256', this.signingKey)
      .update(`upload\n${key}\n${kind}\n${expires}`)
      .digest('base64url');
  }

  /** True when the signature was made by this installation for exactly these values. */
  verify(key: string, kind: string, expires: number, signature: string): boolean {
    const expected = Buffer.from(this.signature(key, kind, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** A link to PUT one image of `kind` to `key` (`uploads/<uuid>`), valid `expiresInSeconds`. */
  create(key: string, kind: UploadKind, origin: string, expiresInSeconds: number): string {
    const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
    const query = new URLSearchParams({
      type: kind,
      expires: String(expires),
      signature: this.signature(key, kind, expires),
    });
    return `${origin}/api/${key}?${query}`;
  }
}
