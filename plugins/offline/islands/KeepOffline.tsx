import { useStore } from '@nanostores/react';
import Spinner from 'react-bootstrap/Spinner';
import { Icon } from '../../../site/components/Icon.tsx';
import type { PlayerTrack } from '../../../lib/playerTrack.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { $keeping, $kept, canKeepOffline, keepOffline, removeKept } from '../client/kept.ts';

/** A queue row's Keep offline toggle: fetches the track's file into this device's cache, or removes it. */
export default function KeepOffline({ track }: { track: PlayerTrack }) {
  const kept = useStore($kept);
  const keeping = useStore($keeping).has(track.id);
  if (kept === null || !canKeepOffline()) return null;
  const isKept = kept.some((k) => k.track.id === track.id);
  const label = keeping
    ? `Keeping ${track.title} offline`
    : isKept
      ? `Kept offline: ${track.title}. Remove from this device`
      : `Keep ${track.title} offline`;
  return (
    <button
      type="button"
      className={`queue-keep${isKept ? ' is-kept' : ''}`}
      aria-label={label}
      title={keeping ? 'Keeping offline…' : isKept ? 'Kept offline (press to remove)' : 'Keep offline'}
      aria-pressed={isKept}
      disabled={keeping}
      onClick={async () => {
        try {
          if (isKept) await removeKept(track.id);
          else {
            await keepOffline(track);
            toast({
              title: 'Kept offline',
              description: `${track.title} plays without a connection`,
              variant: 'success',
            });
          }
        } catch (error) {
          console.warn('not kept offline', error);
          toast({
            title: 'Not kept offline',
            description: 'The track could not be saved on this device. Check your connection and storage.',
            variant: 'destructive',
          });
        }
      }}
    >
      {keeping ? (
        <Spinner as="span" animation="border" size="sm" aria-hidden="true" />
      ) : (
        <Icon name={isKept ? 'check' : 'download'} size={18} />
      )}
    </button>
  );
}
