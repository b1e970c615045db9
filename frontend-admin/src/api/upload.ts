import { IMAGE_TYPES, MAX_IMAGE_BYTES, OBJECTS_PATH_PREFIX } from 'contract';

/** What an XHR call answered: its status and its body (JSON when it is JSON). */
export interface XhrResponse {
  status: number;
  data: unknown;
}

export interface XhrRequest {
  method: 'PUT' | 'POST';
  url: string;
  body: Blob | FormData;
  /** Sent as is; FormData sets its own multipart Content-Type. */
  contentType?: string;
  /** 0..100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
}

/**
 * One request through XMLHttpRequest, which (unlike fetch) reports upload progress. Cookies
 * go with it (`withCredentials`, relevant only if the URL is on another origin). Resolves with
 * any HTTP answer; rejects only on network failure, with `status: 0`.
 */
export function sendWithProgress({
  method,
  url,
  body,
  contentType,
  onProgress,
}: XhrRequest): Promise<XhrResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    if (contentType) xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let data: unknown = xhr.responseText;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // not JSON: keep the text
      }
      if (xhr.status >= 200 && xhr.status < 300) onProgress?.(100);
      resolve({ status: xhr.status, data });
    };
    xhr.onerror = () => reject(Object.assign(new Error('Network error'), { status: 0 }));
    xhr.onabort = () => reject(Object.assign(new Error('Aborted'), { status: 0 }));
    xhr.send(body);
  });
}

/**
 * The path to store in the shop for an image uploaded to `uploadURL`: `/objects` plus the
 * URL's path from `/uploads/<uuid>` on, without the query string (the signature). Works for
 * the backend's own signed URLs (`/api/uploads/<uuid>?...`) and S3 presigned ones
 * (`/<bucket>/uploads/<uuid>?X-Amz-...`).
 */
export function objectPathFromUploadUrl(uploadURL: string): string {
  const { pathname } = new URL(uploadURL, 'http://localhost');
  const match = /\/uploads\/[^/]+$/.exec(pathname);
  if (!match) throw new Error(`Upload URL has no /uploads/<id> path: ${uploadURL}`);
  return `${OBJECTS_PATH_PREFIX}${match[0].slice(1)}`;
}

/** The client check before an image upload (the server checks the bytes again). */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): 'type' | 'size' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return null;
}
