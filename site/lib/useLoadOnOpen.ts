import { useEffect, useState } from 'react';
import { apiRequest } from './api.ts';

export interface OnOpen<T> {
  /** The answer of this opening; null while it loads, and after it failed. */
  data: T | null;
  failed: boolean;
  retry(): void;
}

/**
 * What a dialog offers, read from the API each time it opens rather than carried in the page's
 * props: most visits never open it, and at scale the list is the bulk of the page.
 */
export function useLoadOnOpen<T>(open: boolean, url: string): OnOpen<T> {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!open) return;
    setData(null);
    setFailed(false);
    let current = true;
    apiRequest<T>('GET', url).then(
      (answer) => current && setData(answer),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [open, url, attempt]);
  return { data, failed, retry: () => setAttempt((n) => n + 1) };
}
