import { request } from 'node:http';

export interface UploadOptions {
  /** The form field that carries the file. */
  field: string;
  filename: string;
  type: string;
  /** Bytes a piece: the body is written in pieces, the next once the last one went. */
  piece?: number;
  /** Abandons the request after this many bytes (the answer is then status 0). */
  stopAfter?: number;
}

const BOUNDARY = '----atm-upload-test';

/**
 * Posts `body` as the one file of a multipart form to `/upload` on 127.0.0.1:`port`, in pieces
 * written one after the other so that the server gets them apart, and reads the JSON answer.
 */
export function postFile(
  port: number,
  body: Buffer,
  { field, filename, type, piece = 64 * 1024, stopAfter }: UploadOptions,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/upload',
        headers: {
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': head.length + body.length + tail.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, json: JSON.parse(Buffer.concat(chunks).toString()) }),
        );
      },
    );
    // An abandoned request ends with its own error: expected there.
    req.on('error', stopAfter === undefined ? reject : () => undefined);
    const pieces: Buffer[] = [head];
    for (let at = 0; at < body.length; at += piece) pieces.push(body.subarray(at, at + piece));
    pieces.push(tail);
    let sent = 0;
    const next = () => {
      if (stopAfter !== undefined && sent >= stopAfter) {
        req.destroy();
        setTimeout(() => resolve({ status: 0, json: {} }), 300);
        return;
      }
      const part = pieces.shift();
      if (!part) return req.end();
      sent += part.length;
      if (req.write(part)) setImmediate(next);
      else req.once('drain', next);
    };
    next();
  });
}
