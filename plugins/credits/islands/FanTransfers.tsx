import { useEffect, useState } from 'react';
import { apiRequest } from '../../../site/lib/api.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { localDay, localMonth } from '../../../lib/i18n/format.ts';

interface Carried {
  artistId: number;
  name: string;
  status: 'held' | 'sent' | 'failed';
  transferId: string | null;
  sentAt: string | null;
  sentWith: string | null;
}

/** What became of one artist's share: sent (when, in which transfer), held or failed. */
function carriedText(c: Carried, month: string): string {
  const name = c.name;
  if (c.status === 'held') return m.credits_transfer_held({ name });
  if (c.status === 'failed') return m.credits_transfer_failed({ name });
  const sent = { name, date: localDay(c.sentAt!), transfer: c.transferId ?? '' };
  return c.sentWith !== month
    ? m.credits_transfer_sent_with({ ...sent, month: localMonth(c.sentWith!) })
    : m.credits_transfer_sent(sent);
}

/**
 * Beyond the fan's share of each artist: the real transfer that carried it to the artist, and when
 * (closed months, with a provider that pays artists). Nothing shows before the month's payouts ran.
 */
export default function FanTransfers({ month }: { month: string }) {
  const [carried, setCarried] = useState<Carried[]>([]);
  useEffect(() => {
    apiRequest<Carried[]>('GET', `/api/credits/payments/carried?month=${month}`)
      .then(setCarried)
      .catch(() => setCarried([]));
  }, [month]);
  if (!carried.length) return null;
  return (
    <div className="small mb-2" data-testid="fan-transfers">
      <p className="mb-1 fw-semibold">{m.credits_transfers_title()}</p>
      <ul className="list-unstyled mb-0">
        {carried.map((c) => (
          <li key={c.artistId}>{carriedText(c, month)}</li>
        ))}
      </ul>
    </div>
  );
}
