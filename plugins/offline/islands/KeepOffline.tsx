import { useStore } from '@nanostores/react';
import Spinner from 'react-bootstrap/Spinner';
import { Icon } from '../../../site/components/Icon.tsx';
import type { PlayerTrack } from '../../../lib/playerTrack.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { $keeping, $kept, canKeepOffline, keepOffline, removeKept } from '../client/kept.ts';
import * as m from '../../../lib/i18n/messages.ts';

/** A queue row's Keep offline toggle: fetches the track's file into this device's cache, or removes it. */
export default function KeepOffline({ track }: { track: PlayerTrack }) {
  const kept = useStore($kept);
  const keeping = useStore($keeping).has(track.id);
  if (kept === null || !canKeepOffline()) return null;
  const isKept = kept.some((k) => k.track.id === track.id);
  const label = keeping
    ? m.offline_keeping_label({ title: track.title })
    : isKept
      ? m.offline_kept_label({ title: track.title })
      : m.offline_keep_label({ title: track.title });
  return (
    <button
      type="button"
      className={`queue-keep${isKept ? ' is-kept' : ''}`}
      aria-label={label}
      title={keeping ? m.offline_keeping() : isKept ? m.offline_kept_title() : m.offline_keep()}
      aria-pressed={isKept}
      disabled={keeping}
      onClick={async () => {
        try {
          if (isKept) await removeKept(track.id);
          else {
            await keepOffline(track);
            toast({
              title: m.offline_kept(),
              description: m.offline_kept_text({ title: track.title }),
              variant: 'success',
            });
          }
        } catch (error) {
          console.warn('not kept offline', error);
          toast({
            title: m.offline_not_kept(),
            description: m.offline_not_kept_text(),
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
