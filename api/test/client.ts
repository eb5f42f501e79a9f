import { request } from 'node:http';
import { describedAt } from './apiDescription.ts';

/** A tiny HTTP client with a cookie jar, so tests act like one browser session. */
/** A browser's revalidation (fetch adds `Cache-Control: no-cache` to a bare If-None-Match, which forbids a 304). */
export const revalidate = (etag: string) => ({ 'If-None-Match': etag, 'Cache-Control': 'max-age=0' });

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export class TestClient {
  readonly baseUrl: string;
  readonly cookies: Map<string, string>;
  /** Sent on every request (e.g. Origin to act like a browser). */
  readonly headers: Record<string, string>;

  /** `cookies` may be another client's jar: one browser talking to two app nodes. */
  constructor(baseUrl: string, headers: Record<string, string> = {}, cookies = new Map<string, string>()) {
    this.baseUrl = baseUrl;
    this.headers = headers;
    this.cookies = cookies;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const init: RequestInit = { method, headers: { ...this.headers, ...headers }, redirect: 'manual' };
    const h = init.headers as Record<string, string>;
    if (this.cookies.size) h.Cookie = this.cookieHeader;
    if (body !== undefined) {
      if (typeof body === 'string' || body instanceof Uint8Array) {
        init.body = body as string;
      } else {
        h['Content-Type'] ??= 'application/json';
        init.body = JSON.stringify(body);
      }
    }
    const response = await fetch(this.baseUrl + path, init);
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    if (path.startsWith('/api/')) {
      const problem = (await describedAt(this.baseUrl)).problem(
        method,
        path,
        response.status,
        response.headers.get('content-type'),
        text,
        parsed,
      );
      if (problem) throw new Error(`Not as described in /api/openapi.json: ${problem}`);
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, body ?? {}, headers);
  }
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body ?? {}, headers);
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }
}

/**
 * A GET sent with exactly these headers, through node:http: fetch adds `Cache-Control: no-cache` to
 * conditional requests (as the Fetch standard says), which makes every server answer 200, and it
 * always sends its own Host.
 */
export function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString() }),
      );
    })
      .on('error', reject)
      .end();
  });
}

/** The status of a GET sent with exactly these headers (rawGet). */
export async function rawStatus(url: string, headers: Record<string, string>): Promise<number> {
  return (await rawGet(url, headers)).status;
}
