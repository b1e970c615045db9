import type { S3Client } from '@aws-sdk/client-s3';
import { SignatureV4 } from '@smithy/signature-v4';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';

/** The store's settings this needs (those of `StorageConfig['s3']`). */
export interface S3Location {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
}

/** Three tries, as the SDK's standard retry makes: a kept-alive socket the store closed, a 503. */
const ATTEMPTS = 3;
const RETRY_DELAY_MS = 100;
/** A store that stops answering (or sending) fails the read rather than holding it open. */
const IDLE_TIMEOUT_MS = 60_000;
/** Of an error answer's XML, enough to find its `<Code>`. */
const ERROR_TEXT_LIMIT = 8192;

/** The store answered an error (other than a missing object). */
export class S3AnswerError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    key: string,
  ) {
    super(`The object store answered ${status}${code ? ` (${code})` : ''} to reading ${key}`);
    this.name = 'S3AnswerError';
  }
}

/** RFC 3986's unreserved characters stay; every other byte of a key segment is escaped, as S3 signs it. */
function escapeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

async function errorCode(answer: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of answer) {
    if (text.length < ERROR_TEXT_LIMIT) text += String(chunk);
  }
  return /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1] ?? '';
}

/**
 * One signed GET of an object, outside the SDK's middleware stack. For a 190 KB image the SDK's
 * GetObject cost 2.3-2.5 ms of CPU and allocated 205 KB of heap (its middleware chain, endpoint
 * rules, schemas); this costs 1.1 ms and 50 KB (bench/FINDINGS.md round 23). Every image of the
 * public pages is streamed through here, and a full backup reads 20,000 in a row. The endpoint,
 * the credentials and the signature are still the SDK's own, resolved once.
 */
export class S3SignedGet {
  private readonly base: URL;
  /** The path before each key: the bucket's (path style), or none (the bucket in the host). */
  private readonly prefix: string;
  private readonly signer: SignatureV4;
  private readonly transport: typeof http | typeof https;
  private readonly agent: http.Agent;

  constructor(client: S3Client, location: S3Location) {
    const { url } = client.config.endpointProvider({
      Bucket: location.bucket,
      Region: location.region,
      Endpoint: location.endpoint,
      ForcePathStyle: location.forcePathStyle,
      UseFIPS: false,
      UseDualStack: false,
      Accelerate: false,
    });
    this.base = new URL(String(url));
    this.prefix = this.base.pathname.replace(/\/$/, '');
    this.signer = new SignatureV4({
      credentials: client.config.credentials,
      region: location.region,
      service: 's3',
      sha256: client.config.sha256,
      // S3 signs the path as sent, escaped once.
      uriEscapePath: false,
    });
    this.transport = this.base.protocol === 'https:' ? https : http;
    // As the SDK's own handler: sockets kept alive, at most 50 at once.
    this.agent = new this.transport.Agent({ keepAlive: true, maxSockets: 50 });
  }

  /**
   * The object's answer, its body still to be read; null when there is no such object. Throws
   * S3AnswerError for any other error answer, or the last connection error after three tries.
   */
  async get(key: string, range?: string): Promise<IncomingMessage | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await this.send(key, range);
        const status = answer.statusCode ?? 0;
        if (status >= 200 && status < 300) return answer;
        const code = await errorCode(answer);
        if (status === 404 && (code === 'NoSuchKey' || code === '')) return null;
        throw new S3AnswerError(status, code, key);
      } catch (error) {
        const retriable = !(error instanceof S3AnswerError) || error.status >= 500;
        if (!retriable || attempt === ATTEMPTS) throw error;
        await sleep(RETRY_DELAY_MS * 2 ** (attempt - 1));
      }
    }
  }

  private async send(key: string, range: string | undefined): Promise<IncomingMessage> {
    const path = `${this.prefix}/${key.split('/').map(escapeSegment).join('/')}`;
    const signed = await this.signer.sign({
      method: 'GET',
      protocol: this.base.protocol,
      hostname: this.base.hostname,
      port: this.base.port ? Number(this.base.port) : undefined,
      path,
      query: {},
      headers: {
        host: this.base.host,
        'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
        ...(range ? { range } : {}),
      },
    });
    return new Promise((resolve, reject) => {
      const request = this.transport.request({
        protocol: this.base.protocol,
        hostname: this.base.hostname,
        port: this.base.port || undefined,
        path,
        method: 'GET',
        headers: signed.headers,
        agent: this.agent,
      });
      request.setTimeout(IDLE_TIMEOUT_MS, () =>
        request.destroy(new Error(`The object store sent nothing for ${IDLE_TIMEOUT_MS / 1000} s`)),
      );
      request.once('response', resolve);
      request.once('error', reject);
      request.end();
    });
  }
}
