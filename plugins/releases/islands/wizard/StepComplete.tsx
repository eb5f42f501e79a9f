import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Progress } from '../../../../site/components/Progress.tsx';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { apiRequest } from '../../../../site/lib/api.ts';
import { DATE_FORMAT, MESSAGE_TIME_FORMAT, formatInstant } from '../../../../site/lib/dates.ts';
import { toast } from '../../../../site/stores/toasts.ts';
import { embedSnippet } from '../../embed.ts';
import { qrSvg, svgDataUrl } from '../../qr.ts';
import type { ReleaseJson } from '../../present.ts';
import { PROCESSING_FAILED, TOASTS } from '../../rules.ts';
import { formatDay } from '../../schedule.ts';

const POLL_MS = 2000;

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: TOASTS.copied.title, description: `${what} copied to clipboard`, variant: 'success' });
  } catch {
    toast({ title: TOASTS.copyFailed.title, variant: 'destructive' });
  }
}

/**
 * The moment the release goes public, as the server stores it (plugins/catalog/README.md,
 * "Midnight releases"): ASAP is public at once; a scheduled day at 00:00 in each listener's zone (Midnight
 * Release) or at 00:00 UTC, shown in the reader's own time too. Rendered in the browser only.
 */
function ReleaseMoment({ release }: { release: ReleaseJson }) {
  if (release.releaseASAP || !release.releaseDate) {
    return (
      <p className="mb-1">
        Released: <strong data-testid="release-date">{formatInstant(release.uploadDate, DATE_FORMAT, 'local')}</strong>{' '}
        · public now
      </p>
    );
  }
  return (
    <p className="mb-1">
      Release date: <strong data-testid="release-date">{formatDay(release.releaseDate.slice(0, 10))}</strong> ·{' '}
      {release.midnightRelease
        ? "public at 00:00 in each listener's time zone"
        : `public at 00:00 UTC (${formatInstant(release.uploadDate, MESSAGE_TIME_FORMAT, 'local')} your time)`}
    </p>
  );
}

/** Step 6 Upload Complete: release date, processing progress, share, embed and QR. */
export function StepComplete({
  release,
  origin,
  dashboardHref,
}: {
  release: ReleaseJson;
  origin: string;
  dashboardHref: string;
}) {
  const [current, setCurrent] = useState(release);
  const link = `${origin}/tracks/${release.id}`;
  const text = `Listen to "${release.title}" by ${release.artist.name} on OneTrack`;

  // The streaming file is made by the media worker: follow it until the track is ready.
  useEffect(() => {
    if (!current.processing) return;
    const timer = setTimeout(async () => {
      try {
        setCurrent(await apiRequest<ReleaseJson>('GET', `/api/releases/${release.id}`));
      } catch {
        setCurrent((c) => ({ ...c }));
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [current, release.id]);

  const snippet = embedSnippet(origin, { kind: 'tracks', id: release.id, title: release.title });
  // A scheduled release is not out: its embed would only say "not available" (issue 44 point 10).
  const out = Date.parse(release.uploadDate) <= Date.now();
  return (
    <div className="upload-complete text-center text-md-start">
      <h2 className="h3">Upload Complete!</h2>
      <ReleaseMoment release={release} />
      {current.processing ? (
        <div className="my-3" aria-live="polite">
          <p className="small text-secondary mb-1">Processing your audio for streaming…</p>
          <Progress animated value={100} label="Processing" />
        </div>
      ) : current.failed ? (
        <p className="small text-warning my-3" aria-live="polite" data-testid="processing-failed">
          {PROCESSING_FAILED}
        </p>
      ) : (
        <p className="small text-success my-3" aria-live="polite">
          Processing finished: your track streams in its final quality.
        </p>
      )}

      <Tabs defaultActiveKey="share" className="mb-3" id="share-tabs">
        <Tab eventKey="share" title="Share">
          <Form.Group controlId="share-link" className="mb-3">
            <Form.Label>Share link</Form.Label>
            <div className="d-flex gap-2">
              <Form.Control readOnly value={link} />
              <Button variant="outline-light" onClick={() => copy(link, 'Track link')}>
                Copy Link
              </Button>
            </div>
          </Form.Group>
          <div className="d-flex flex-wrap gap-2">
            <a
              className="btn btn-outline-light btn-sm"
              target="_blank"
              rel="noopener noreferrer"
              href={`https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(link)}`}
            >
              Share on Twitter
            </a>
            <a
              className="btn btn-outline-light btn-sm"
              target="_blank"
              rel="noopener noreferrer"
              href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`}
            >
              Share on Facebook
            </a>
            <a
              className="btn btn-link btn-sm"
              target="_blank"
              rel="noopener noreferrer"
              href={`https://www.reddit.com/submit?url=${encodeURIComponent(link)}&title=${encodeURIComponent(text)}`}
            >
              Post to Reddit
            </a>
          </div>
        </Tab>
        <Tab eventKey="embed" title="Embed">
          {out ? (
            <EmbedTab snippet={snippet} id={release.id} />
          ) : (
            <p className="text-secondary mb-0" data-testid="embed-later">
              The embeddable player works once the release is out: copy its code then, here or from the track
              page&apos;s Embed. Until then the share link opens its coming page, with the countdown.
            </p>
          )}
        </Tab>
        <Tab eventKey="qr" title="QR Code">
          <QrTab link={link} />
        </Tab>
      </Tabs>

      <div className="d-flex flex-wrap gap-2 mt-4">
        <a className="btn btn-gold" href={dashboardHref}>
          Go to Artist Dashboard
        </a>
        <a className="btn btn-outline-light" href="/marketing-tools">
          Marketing Tools
        </a>
        <a className="btn btn-outline-light" href="/promotion-services">
          Promotion Services
        </a>
      </div>
    </div>
  );
}

/** The embed code of a release that is out, and its preview. */
function EmbedTab({ snippet, id }: { snippet: string; id: number }) {
  return (
    <>
      <Form.Group controlId="embed-code" className="mb-2">
        <Form.Label>Embed code</Form.Label>
        <Form.Control as="textarea" rows={4} readOnly value={snippet} className="font-monospace small" />
      </Form.Group>
      <Button variant="outline-light" size="sm" onClick={() => copy(snippet, 'Embed code')}>
        Copy Embed Code
      </Button>
      <a className="btn btn-link btn-sm" href={`/embed/tracks/${id}`} target="_blank" rel="noopener">
        Preview player
      </a>
    </>
  );
}

/** A real QR code of the track link, with a download for print. */
function QrTab({ link }: { link: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    qrSvg(link).then(
      (svg) => live && setSrc(svgDataUrl(svg)),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [link]);
  return (
    <div className="qr-tab text-center">
      {src ? (
        <img
          src={src}
          alt={`QR code for ${link}`}
          width={220}
          height={220}
          className="qr-code rounded"
          data-testid="qr-code"
        />
      ) : (
        <div className="placeholder-glow" aria-hidden="true">
          <span className="placeholder qr-code" />
        </div>
      )}
      <p className="small text-secondary mt-2 mb-2 text-break">{link}</p>
      {src && (
        <a className="btn btn-outline-light btn-sm" href={src} download="onetrack-qr.svg">
          Download QR Code
        </a>
      )}
    </div>
  );
}
