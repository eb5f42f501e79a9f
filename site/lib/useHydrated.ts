import { useEffect, useState } from 'react';

/** False during the server render and the hydrating render, true after: avoids hydration mismatches. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
