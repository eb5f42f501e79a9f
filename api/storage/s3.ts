import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, type ByteRange, type LocalFile, type Storage, type StoredObject } from './types.ts';

export interface S3Options {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000; path-style requests. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Parts of a streamed upload: memory holds at most PART_SIZE × PARTS_IN_FLIGHT of a file. */
export const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');
}

/**
 * An S3-compatible bucket through the AWS SDK (AWS, MinIO, R2, …): files go up as streamed
 * multipart uploads (lib-storage), reads support byte ranges, and the SDK retries what fails on
 * the way (3 attempts, with backoff).
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
      maxAttempts: 3,
      // Checksums only where S3 requires them: S3-compatible stores differ in the newer trailing
      // checksums the SDK would otherwise add to every streamed part.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    assertKey(key);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: createReadStream(file, { highWaterMark: 1024 * 1024 }), ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    await upload.done();
    await rm(file, { force: true });
  }

  async head(key: string): Promise<StoredObject | null> {
    assertKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: Number(head.ContentLength), etag: head.ETag ?? `"${key}"`, lastModified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    assertKey(key);
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
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
}
