import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { amzDate, authorization, EMPTY_SHA256, type Credentials } from './sigv4.ts';
import { assertKey, type ByteRange, type LocalFile, type Storage, type StoredObject } from './types.ts';

export interface S3Options extends Credentials {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000; path-style requests. */
  endpoint: string;
  bucket: string;
}

async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** An S3-compatible bucket over plain fetch, every request signed with SigV4. */
export class S3Storage implements Storage {
  readonly driver = 's3';
  readonly tempDir: string;
  private readonly options: S3Options;
  /** Tests pass a clock to compare signatures with fixed vectors. */
  private readonly now: () => Date;

  constructor(options: S3Options, tempDir: string, now: () => Date = () => new Date()) {
    this.options = options;
    this.tempDir = tempDir;
    this.now = now;
  }

  private urlOf(key: string): URL {
    assertKey(key);
    return new URL(`${this.options.endpoint.replace(/\/$/, '')}/${this.options.bucket}/${key}`);
  }

  private async send(method: string, key: string, init: { headers?: Record<string, string>; body?: Readable; payloadHash?: string } = {}) {
    const url = this.urlOf(key);
    const date = this.now();
    const payloadHash = init.payloadHash ?? EMPTY_SHA256;
    const headers: Record<string, string> = { ...init.headers, 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate(date) };
    headers.authorization = authorization({ method, url, headers, payloadHash, date }, this.options);
    const body = init.body ? (Readable.toWeb(init.body) as unknown as ReadableStream) : undefined;
    return fetch(url, { method, headers, body, duplex: body ? 'half' : undefined } as RequestInit);
  }

  private static async fail(what: string, res: Response): Promise<never> {
    throw new Error(`S3 ${what} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    const { size } = await stat(file);
    const res = await this.send('PUT', key, {
      headers: { 'content-type': contentType, 'content-length': String(size) },
      body: createReadStream(file),
      payloadHash: await fileSha256(file),
    });
    if (!res.ok) await S3Storage.fail(`PUT ${key}`, res);
    await rm(file, { force: true });
  }

  async head(key: string): Promise<StoredObject | null> {
    const res = await this.send('HEAD', key);
    if (res.status === 404) return null;
    if (!res.ok) await S3Storage.fail(`HEAD ${key}`, res);
    return {
      size: Number(res.headers.get('content-length')),
      etag: res.headers.get('etag') ?? `"${key}"`,
      lastModified: new Date(res.headers.get('last-modified') ?? 0),
    };
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const res = await this.send('GET', key, { headers: range ? { range: `bytes=${range.start}-${range.end}` } : {} });
    if (!res.ok || !res.body) await S3Storage.fail(`GET ${key}`, res);
    return Readable.fromWeb(res.body as unknown as WebReadableStream);
  }

  async localFile(key: string): Promise<LocalFile> {
    await mkdir(this.tempDir, { recursive: true });
    const file = path.join(this.tempDir, `${randomBytes(8).toString('hex')}${path.extname(key)}`);
    await pipeline(await this.read(key), createWriteStream(file));
    return { path: file, release: () => rm(file, { force: true }) };
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    if (!res.ok && res.status !== 404) await S3Storage.fail(`DELETE ${key}`, res);
  }
}
