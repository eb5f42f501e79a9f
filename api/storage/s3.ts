import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertKey,
  type ByteRange,
  type ListedObject,
  type LocalFile,
  type Storage,
  type StoredObject,
} from './types.ts';

export interface S3Options {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000; path-style requests. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Files above this go up as a multipart upload in parts of this size (S3's minimum part is 5 MB). */
export const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

const ATTEMPTS = 3;

/** Worth another try: the network, a timeout, throttling or the store's own failure (not a refusal). */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return true;
  const status = error.$metadata.httpStatusCode ?? 0;
  return status >= 500 || status === 408 || status === 429;
}

/**
 * The SDK retries requests by itself but not those with a streamed body (a stream cannot be sent
 * twice); `send` makes a fresh stream for each attempt, so those are retried here, with backoff.
 */
async function withRetries<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isTransient(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
  }
}

/** The SDK's own warnings (e.g. that it cannot retry a streamed body) are handled above, not printed. */
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey')
  );
}

/**
 * An S3-compatible bucket through the AWS SDK (AWS, MinIO, R2, …). Uploads are already files on
 * disk (checked before they are stored), so a large one goes up as a multipart upload whose every
 * part is streamed from its byte range of the file: memory holds socket buffers, never a part.
 * (lib-storage's Upload reads a stream into part-sized buffers, which cost 70–100 MB above idle for
 * a 100 MB WAV in `npm run bench`.) Reads support byte ranges; the SDK retries what fails on the
 * way (3 attempts, with backoff; streamed bodies by `withRetries`), and a multipart upload that
 * fails is aborted.
 */
export class S3Storage implements Storage {
  readonly driver = 's3';
  readonly tempDir: string;
  private readonly bucket: string;
  private readonly client: S3Client;

  constructor(options: S3Options, tempDir: string) {
    this.tempDir = tempDir;
    this.bucket = options.bucket;
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      forcePathStyle: true,
      maxAttempts: ATTEMPTS,
      logger: quiet,
      // Checksums only where S3 requires them: S3-compatible stores differ in the newer trailing
      // checksums the SDK would otherwise add to every streamed part.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    assertKey(key);
    const { size } = await stat(file);
    if (size <= PART_SIZE) {
      await withRetries(() =>
        this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Body: createReadStream(file),
            ContentLength: size,
            ContentType: contentType,
          }),
        ),
      );
    } else {
      await this.putParts(key, file, size, contentType);
    }
    await rm(file, { force: true });
  }

  private async putParts(key: string, file: string, size: number, contentType: string): Promise<void> {
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
    );
    const count = Math.ceil(size / PART_SIZE);
    const etags: string[] = [];
    let next = 0;
    const sendParts = async () => {
      while (next < count) {
        const index = next++;
        const start = index * PART_SIZE;
        const end = Math.min(size, start + PART_SIZE) - 1;
        const part = await withRetries(() =>
          this.client.send(
            new UploadPartCommand({
              Bucket: this.bucket,
              Key: key,
              UploadId,
              PartNumber: index + 1,
              Body: createReadStream(file, { start, end }),
              ContentLength: end - start + 1,
            }),
          ),
        );
        etags[index] = part.ETag!;
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(PARTS_IN_FLIGHT, count) }, sendParts));
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId,
          MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
        }),
      );
    } catch (error) {
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId }))
        .catch(() => {});
      throw error;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    assertKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        size: Number(head.ContentLength),
        etag: head.ETag ?? `"${key}"`,
        lastModified: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    assertKey(key);
    const object = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    // In Node the SDK's body is the HTTP response stream itself.
    return object.Body as Readable;
  }

  async localFile(key: string): Promise<LocalFile> {
    await mkdir(this.tempDir, { recursive: true });
    const file = path.join(this.tempDir, `${randomBytes(8).toString('hex')}${path.extname(key)}`);
    await pipeline(await this.read(key), createWriteStream(file));
    return { path: file, release: () => rm(file, { force: true }) };
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(prefix?: string): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) yield { key: object.Key!, size: Number(object.Size ?? 0) };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
