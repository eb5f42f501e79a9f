import { useEffect, useState } from 'react';
import { apiRequest } from '../../../site/lib/api.ts';
import { monthName } from '../../../lib/format.ts';

interface Carried {
  artistId: number;
  name: string;
  status: 'held' | 'sent' | 'failed';
  transferId: string | null;
  sentAt: string | null;
  sentWith: string | null;
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

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
      <p className="mb-1 fw-semibold">How your money reached them</p>
      <ul className="list-unstyled mb-0">
        {carried.map((c) => (
          <li key={c.artistId}>
            {c.name}:{' '}
            {c.status === 'sent'
              ? `sent ${day(c.sentAt!)} in transfer ` +
                `${c.transferId}${c.sentWith !== month ? ` (with ${monthName(c.sentWith!)})` : ''}`
              : c.status === 'held'
                ? 'held until the artist can be paid, then sent with a later transfer'
                : 'the transfer failed and is being retried'}
          </li>
        ))}
      </ul>
    </div>
  );
}
