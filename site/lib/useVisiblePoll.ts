import { useEffect } from 'react';

/** Runs `refresh` every `ms` while the tab is visible, and at once when it becomes visible again. */
export function useVisiblePoll(refresh: () => Promise<void>, ms: number): void {
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, ms);
    const onVisible = () => document.visibilityState === 'visible' && void refresh();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh, ms]);
}
