import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Icon } from '../../../site/components/Icon.tsx';
import { playTrack } from '../../../site/lib/player.ts';
import { useHydrated } from '../../../site/lib/useHydrated.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { $kept, canKeepOffline, refreshKept, removeKept } from '../client/kept.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { aroundMark, perLocale } from '../../../lib/i18n/format.ts';

const unit = (unit: string, digits: number) =>
  perLocale((locale) => new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: digits }));
const megabytes = unit('megabyte', 1);
const kilobytes = unit('kilobyte', 0);

export function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? megabytes().format(bytes / (1024 * 1024))
    : kilobytes().format(Math.max(1, bytes / 1024));
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
        {m.offline_reading()}
      </p>
    );
  } else if (!canKeepOffline()) {
    body = <p className="text-secondary mb-0">{m.offline_unsupported()}</p>;
  } else if (kept.length === 0) {
    const [before, after] = aroundMark((keep) => m.offline_none({ keep }));
    body = (
      <p className="text-secondary mb-0">
        {before}
        <strong>{m.offline_keep()}</strong>
        {after}
      </p>
    );
  } else {
    body = (
      <>
        <p className="text-secondary small mb-2" data-testid="offline-total">
          {m.offline_total({ count: kept.length, size: formatSize(total) })}
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
                aria-label={m.card_play({ title: track.title })}
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
                aria-label={m.offline_remove_label({ title: track.title })}
                onClick={async () => {
                  setRemoving(track.id);
                  try {
                    await removeKept(track.id);
                    toast({ title: m.offline_removed(), description: track.title });
                  } catch {
                    toast({
                      title: m.offline_not_removed(),
                      description: m.offline_try_again(),
                      variant: 'destructive',
                    });
                  } finally {
                    setRemoving(null);
                  }
                }}
              >
                {removing === track.id ? (
                  <Spinner as="span" animation="border" size="sm" aria-hidden="true" />
                ) : (
                  m.offline_remove()
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
        {m.offline_tracks()}
      </Heading>
      {body}
    </section>
  );
}
