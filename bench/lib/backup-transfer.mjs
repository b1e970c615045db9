// The backup bench's HTTP transfers: a backup streamed to disk, a restore streamed from it.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** POST path with the session cookie; streams the response body into `file`. */
export async function download(url, cookie, file) {
  const req = http.request(url, { method: 'POST', headers: { cookie, 'content-length': 0 }, agent: false });
  const failed = new Promise((_, reject) => req.on('error', reject));
  failed.catch(() => {});
  req.end();
  const [res] = await Promise.race([once(req, 'response'), failed]);
  if (res.statusCode !== 200) {
    const chunks = [];
    for await (const c of res) chunks.push(c);
    throw new Error(
      `POST ${url} answered ${res.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 500)}`,
    );
  }
  await Promise.race([pipeline(res, createWriteStream(file)), failed]);
}

/** multipart/form-data with one file field, streamed from disk with an exact Content-Length. */
export async function uploadMultipart(url, cookie, field, file) {
  const boundary = `----atm-bench-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="backup.zip"\r\n` +
      'Content-Type: application/zip\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const req = http.request(url, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + statSync(file).size + tail.length,
    },
    agent: false,
  });
  const responded = once(req, 'response'); // rejects on a request error
  await pipeline(
    Readable.from(
      (async function* () {
        yield head;
        yield* createReadStream(file);
        yield tail;
      })(),
    ),
    req,
  );
  const [res] = await responded;
  const chunks = [];
  for await (const c of res) chunks.push(c);
  return { status: res.statusCode, body: Buffer.concat(chunks).toString() };
}
