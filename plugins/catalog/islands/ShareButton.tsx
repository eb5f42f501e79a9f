import { lazy, Suspense } from 'react';
import { TriggerIcon, useDialogs } from '../../../site/lib/useDialogs.tsx';
import { useCopiedFlag } from './useCopiedFlag.ts';
import * as m from '../../../lib/i18n/messages.ts';

// Fetched on first open (site/lib/useDialogs.tsx).
const ShareDialog = lazy(() => import('./ShareDialog.tsx'));

interface Props {
  url: string;
  /** What is shared (the dialog's heading). */
  title: string;
  /** The toast's text once the link is copied. */
  copiedText: string;
  /** The track page's large button; the artist page's is the default size. */
  large?: boolean;
}

/** Share, and its dialog: the button says "Link copied" a moment once the dialog has copied the link. */
export function ShareButton({ url, title, copiedText, large = false }: Props) {
  const dialogs = useDialogs<'share'>();
  const [copied, markCopied] = useCopiedFlag();
  return (
    <>
      <button
        type="button"
        className={large ? 'btn btn-outline-light btn-lg' : 'btn btn-outline-light'}
        aria-busy={dialogs.pending === 'share'}
        onClick={() => dialogs.show('share')}
      >
        <TriggerIcon
          name={copied ? 'check' : 'share'}
          size={large ? undefined : 18}
          pending={dialogs.pending === 'share'}
        />{' '}
        {copied ? m.track_link_copied() : m.track_share()}
      </button>
      <Suspense>
        {dialogs.rendered('share') && (
          <ShareDialog
            show={dialogs.open === 'share'}
            onHide={dialogs.close}
            url={url}
            title={title}
            copiedText={copiedText}
            onCopied={markCopied}
          />
        )}
      </Suspense>
    </>
  );
}
