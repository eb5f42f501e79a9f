// The browser's API client. Every call sends credentials; a non-OK answer throws
// Error("<status>: <body text or status text>") as spec §8 describes.
import { currentLocale } from '../../lib/i18n/runtime.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.status = status;
    this.body = body;
  }

  /** The server's `{message}`, for toasts; falls back to the raw text. */
  get serverMessage(): string {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
    } catch {
      // not JSON
    }
    return this.body;
  }
}

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  // The page's language, so that the API's texts (its refusals, its notices) match the page around them
  // when the person has chosen none in Settings (api/http/locale.ts).
  const accept = { Accept: 'application/json', 'Accept-Language': currentLocale() };
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? accept : { ...accept, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** GET that answers null instead of throwing on 401, for "maybe signed in" reads. */
export async function apiGetOrNull<T>(url: string): Promise<T | null> {
  try {
    return await apiRequest<T>('GET', url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The message to show for a failed call: the server's words, or the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage || fallback;
  return fallback;
}
