import { useState } from 'react';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';

interface Props {
  trackId: number;
  title: string;
  presaved: boolean;
}

/** A coming release's Pre-save: the track lands in the fan's collection the moment it is out. */
export default function PreSaveButton({ trackId, title, presaved: initial }: Props) {
  const [presaved, setPresaved] = useState(initial);
  const [pending, setPending] = useState(false);

  async function toggle() {
    setPending(true);
    try {
      const answer = await apiRequest<{ presaved: boolean }>(
        presaved ? 'DELETE' : 'POST',
        `/api/tracks/${trackId}/presave`,
      );
      setPresaved(answer.presaved);
      toast(
        answer.presaved
          ? {
              title: 'Pre-saved',
              description: `“${title}” will be in your collection the moment it is out. We will let you know.`,
              variant: 'success',
            }
          : { title: 'Pre-save removed', description: `“${title}” will not be added to your collection.` },
      );
    } catch (error) {
      toast({
        title: 'Pre-save failed',
        description: messageOf(error, 'Failed to pre-save this release'),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <button
      type="button"
      className={presaved ? 'btn btn-gold btn-lg' : 'btn btn-outline-warning btn-lg'}
      aria-pressed={presaved}
      aria-busy={pending}
      disabled={pending}
      onClick={() => void toggle()}
    >
      {pending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {presaved ? 'Pre-saved' : 'Pre-save'}
    </button>
  );
}
