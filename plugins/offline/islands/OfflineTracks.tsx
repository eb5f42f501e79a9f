import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Icon } from '../../../site/components/Icon.tsx';
import { plural } from '../../../lib/format.ts';
import { playTrack } from '../../../site/lib/player.ts';
import { useHydrated } from '../../../site/lib/useHydrated.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { $kept, canKeepOffline, refreshKept, removeKept } from '../client/kept.ts';

const megabytes = new Intl.NumberFormat('en', { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
const kilobytes = new Intl.NumberFormat('en', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });

export function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? megabytes.format(bytes / (1024 * 1024)) : kilobytes.format(Math.max(1, bytes / 1024));
}

/**
 * The tracks this browser keeps offline (Settings and the offline page): their sizes, Play and
 * Remove. They are kept from the player's queue; the list reads the worker's cache, not the server.
 */
export default function OfflineTracks({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const hydrated = useHydrated();
  const kept = useStore($kept);
  const [removing, setRemoving] = useState<number | null>(null);
  useEffect(() => {
    void refreshKept();
  }, []);
  const Heading = `h${headingLevel}` as const;
  const total = kept?.reduce((sum, k) => sum + k.bytes, 0) ?? 0;

  let body;
  if (!hydrated || kept === null) {
    body = (
      <p className="text-secondary mb-0" role="status">
        <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
        Reading what this device keeps…
      </p>
    );
  } else if (!canKeepOffline()) {
    body = <p className="text-secondary mb-0">This browser cannot keep tracks offline.</p>;
  } else if (kept.length === 0) {
    body = (
      <p className="text-secondary mb-0">
        No tracks kept offline yet. Open the queue in the player and choose <strong>Keep offline</strong> on a track: it
        will play here without a connection.
      </p>
    );
  } else {
    body = (
      <>
        <p className="text-secondary small mb-2" data-testid="offline-total">
          {plural(kept.length, 'track')} · {formatSize(total)} on this device
        </p>
        <ul className="offline-list">
          {kept.map(({ track, bytes }) => (
            <li key={track.id} className="offline-row" data-testid="offline-track">
              <img src={track.coverImage} alt="" width={44} height={44} loading="lazy" />
              <span className="offline-meta">
                <span className="offline-title">{track.title}</span>
                <span className="offline-artist">{track.artist.name}</span>
                <span className="offline-size">{formatSize(bytes)}</span>
              </span>
              <Button
                size="sm"
                variant="outline-secondary"
                aria-label={`Play ${track.title}`}
                onClick={() =>
                  playTrack(
                    track,
                    kept.map((k) => k.track),
                  )
                }
              >
                <Icon name="play" size={16} />
              </Button>
              <Button
                size="sm"
                variant="outline-danger"
                disabled={removing === track.id}
                aria-label={`Remove ${track.title} from this device`}
                onClick={async () => {
                  setRemoving(track.id);
                  try {
                    await removeKept(track.id);
                    toast({ title: 'Removed from this device', description: track.title });
                  } catch {
                    toast({ title: 'Not removed', description: 'Please try again.', variant: 'destructive' });
                  } finally {
                    setRemoving(null);
                  }
                }}
              >
                {removing === track.id ? (
                  <Spinner as="span" animation="border" size="sm" aria-hidden="true" />
                ) : (
                  'Remove'
                )}
              </Button>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <section className="surface-card p-4 mt-3" aria-labelledby="offline-tracks-title">
      <Heading id="offline-tracks-title" className="h5 fw-bold mb-2">
        Offline tracks
      </Heading>
      {body}
    </section>
  );
}
