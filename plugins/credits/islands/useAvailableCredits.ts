import { useEffect, useState } from 'react';
import { apiGetOrNull } from '../../../site/lib/api.ts';

/**
 * The signed-in user's balance for a dialog that spends credits, read each time it opens (it may
 * have changed in another tab); null until known or when signed out.
 */
export function useAvailableCredits(show: boolean, signedIn: boolean): number | null {
  const [available, setAvailable] = useState<number | null>(null);
  useEffect(() => {
    if (!show || !signedIn) return;
    let current = true;
    apiGetOrNull<{ credits: number }>('/api/credits/user')
      .then((summary) => current && setAvailable(summary?.credits ?? null))
      .catch(() => current && setAvailable(null));
    return () => {
      current = false;
    };
  }, [show, signedIn]);
  return available;
}
