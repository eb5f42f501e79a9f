// A real S3-compatible server for tests and the bench: s3rver (the maintained @20minutes fork), in
// this process, on a free port, storing into a temporary folder, with one bucket made at start.
import S3rver from '@20minutes/s3rver';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { StorageConfig } from '../config.ts';

export interface LocalS3 {
  config: Extract<StorageConfig, { driver: 's3' }>;
  /** The same settings as environment variables, for server and worker processes. */
  env: Record<string, string>;
  /** The folder s3rver keeps objects in. */
  directory: string;
  /** "METHOD /path?query" of every request the server received, in order. */
  requests: string[];
  /** The next request whose "METHOD /path?query" matches is answered 503 SlowDown, as a busy store would. */
  failOnce(match: RegExp): void;
  /** Stops the server, objects kept (an outage); `resume` starts it again on the same port. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `listings`: s3rver computes a bucket-level request's signature over the path without its trailing
 * slash, which SDK v3 signs with it, so it refuses every listing (ListObjectsV2) unless told to let
 * mismatched signatures through (then no signature is checked).
 */
export async function startLocalS3(bucket = 'media', options: { listings?: boolean } = {}): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'onetrack-s3-'));
  const requests: string[] = [];
  const failures: RegExp[] = [];
  const launch = async (port: number) => {
    const made = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
      allowMismatchedSignatures: options.listings ?? false,
    });
    // s3rver is a Koa app: a first middleware sees every request.
    made.middleware.unshift(middleware);
    const { port: chosen } = (await made.run()) as AddressInfo;
    return { made, chosen };
  };
  const middleware = async (
    ctx: Parameters<S3rver['middleware'][number]>[0],
    next: Parameters<S3rver['middleware'][number]>[1],
  ) => {
    const request = `${ctx.method} ${ctx.url}`;
    requests.push(request);
    const failure = failures.findIndex((match) => match.test(request));
    if (failure < 0) return next();
    failures.splice(failure, 1);
    for await (const _ of ctx.req); // the body, read and dropped
    ctx.status = 503;
    ctx.type = 'application/xml';
    ctx.body =
      '<?xml version="1.0" ' +
      'encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your ' +
      'request rate.</Message></Error>';
  };
  let { made: server, chosen: port } = await launch(0);
  let paused = false;
  const config = {
    driver: 's3' as const,
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  return {
    config,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: config.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: config.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey,
    },
    directory,
    requests,
    failOnce: (match) => void failures.push(match),
    async pause() {
      paused = true;
      await server.close();
    },
    async resume() {
      ({ made: server, chosen: port } = await launch(port));
      paused = false;
    },
    async stop() {
      if (!paused) await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
