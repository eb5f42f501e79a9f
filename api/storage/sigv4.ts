import { createHash, createHmac } from 'node:crypto';

// AWS Signature Version 4 for S3-compatible object stores (AWS, MinIO, R2, …), written against
// https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html with node:crypto only.

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export interface SignInput {
  method: string;
  url: URL;
  /** Headers to sign (host is added from the URL); names in any case. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body, or 'UNSIGNED-PAYLOAD'. */
  payloadHash: string;
  date: Date;
}

export const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function amzDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export function canonicalRequest(input: SignInput): { canonical: string; signedHeaders: string } {
  const headers: Record<string, string> = { host: input.url.host };
  for (const [name, value] of Object.entries(input.headers)) headers[name.toLowerCase()] = value.trim().replace(/\s+/g, ' ');
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  // S3 paths are encoded once, segment by segment.
  const path = input.url.pathname.split('/').map((s) => encode(decodeURIComponent(s))).join('/') || '/';
  const query = [...input.url.searchParams]
    .map(([k, v]) => [encode(k), encode(v)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [
    input.method.toUpperCase(),
    path,
    query,
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  return { canonical, signedHeaders };
}

/** The Authorization header value for this request. */
export function authorization(input: SignInput, creds: Credentials): string {
  const service = creds.service ?? 's3';
  const stamp = amzDate(input.date);
  const day = stamp.slice(0, 8);
  const scope = `${day}/${creds.region}/${service}/aws4_request`;
  const { canonical, signedHeaders } = canonicalRequest(input);
  const toSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), creds.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}
