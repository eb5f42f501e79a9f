import { useEffect, useRef, useState } from 'react';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import * as m from '../../../lib/i18n/messages.ts';

/**
 * A statement that can be switched to another month: the server-rendered one first, then the month
 * picked (loading and error states included). `refreshKey` reloads the month shown when it changes
 * (an allocation just made changes the current month's figures).
 */
export function useMonthStatement<T extends { month: string }>(url: string, initial: T, refreshKey: unknown = null) {
  const [statement, setStatement] = useState(initial);
  const [month, setMonth] = useState(initial.month);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const request = useRef(0);
  const first = useRef(true);

  const load = async (next: string) => {
    const id = ++request.current;
    setMonth(next);
    setLoading(true);
    setError('');
    try {
      const loaded = await apiRequest<T>('GET', `${url}?month=${encodeURIComponent(next)}`);
      if (id === request.current) setStatement(loaded);
    } catch (err) {
      if (id === request.current) setError(messageOf(err, m.credits_statement_failed()));
    } finally {
      if (id === request.current) setLoading(false);
    }
  };

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void load(month);
    // Only a new refreshKey reloads; picking a month loads through `load` itself.
  }, [refreshKey]);

  return { statement, month, loading, error, load };
}
