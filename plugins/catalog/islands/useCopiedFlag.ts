import { useEffect, useState } from 'react';

/** Spec §9: copy feedback lasts 3 seconds. */
export const COPIED_MS = 3000;

/**
 * A "Link copied!" flag for the share trigger that clears itself after COPIED_MS. Apart from
 * ShareDialog.tsx, so the trigger's island does not load the dialog's code with the page.
 */
export function useCopiedFlag(): [boolean, () => void] {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return [copied, () => setCopied(true)];
}
