import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Progress } from '../../../../site/components/Progress.tsx';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { apiRequest } from '../../../../site/lib/api.ts';
import { DATE_FORMAT, MESSAGE_TIME_FORMAT, formatInstant } from '../../../../site/lib/dates.ts';
import { toast } from '../../../../site/stores/toasts.ts';
import * as m from '../../../../lib/i18n/messages.ts';
import { embedSnippet } from '../../embed.ts';
import { qrSvg, svgDataUrl } from '../../qr.ts';
import type { ReleaseJson } from '../../present.ts';
import { formatDay } from '../../schedule.ts';

const POLL_MS = 2000;

/** Copies a text; `copied` says what was copied, in a sentence of its own. */
async function copy(text: string, copied: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: m.wizard_copied(), description: copied, variant: 'success' });
  } catch {
    toast({ title: m.wizard_copy_failed(), variant: 'destructive' });
  }
}

/**
 * The moment the release goes public, as the server stores it (plugins/catalog/README.md,
 * "Midnight releases"): ASAP is public at once; a scheduled day at 00:00 in each listener's zone (Midnight
 * Release) or at 00:00 UTC, shown in the reader's own time too. Rendered in the browser only.
 */
function ReleaseMoment({ release }: { release: ReleaseJson }) {
  if (release.releaseASAP || !release.releaseDate) {
    const day = formatInstant(release.uploadDate, DATE_FORMAT, 'local');
    return (
      <p className="mb-1">
        {m.wizard_released()} <strong data-testid="release-date">{day}</strong> · {m.wizard_public_now()}
      </p>
    );
  }
  return (
    <p className="mb-1">
      {m.wizard_release_date_label()}{' '}
      <strong data-testid="release-date">{formatDay(release.releaseDate.slice(0, 10))}</strong> ·{' '}
      {release.midnightRelease
        ? m.wizard_public_local_midnight()
        : m.wizard_public_utc_midnight({ time: formatInstant(release.uploadDate, MESSAGE_TIME_FORMAT, 'local') })}
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
  const text = m.wizard_share_text({ title: release.title, artist: release.artist.name });

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
      <h2 className="h3">{m.wizard_complete()}</h2>
      <ReleaseMoment release={release} />
      {current.processing ? (
        <div className="my-3" aria-live="polite">
          <p className="small text-secondary mb-1">{m.wizard_processing_text()}</p>
          <Progress animated value={100} label={m.wizard_processing()} />
        </div>
      ) : current.failed ? (
        <p className="small text-warning my-3" aria-live="polite" data-testid="processing-failed">
          {m.wizard_processing_failed()}
        </p>
      ) : (
        <p className="small text-success my-3" aria-live="polite">
          {m.wizard_processing_done()}
        </p>
      )}

      <Tabs defaultActiveKey="share" className="mb-3" id="share-tabs">
        <Tab eventKey="share" title={m.wizard_tab_share()}>
          <Form.Group controlId="share-link" className="mb-3">
            <Form.Label>{m.wizard_share_link()}</Form.Label>
            <div className="d-flex gap-2">
              <Form.Control readOnly value={link} />
              <Button variant="outline-light" onClick={() => copy(link, m.wizard_link_copied())}>
                {m.wizard_copy_link()}
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
              {m.wizard_share_twitter()}
            </a>
            <a
              className="btn btn-outline-light btn-sm"
              target="_blank"
              rel="noopener noreferrer"
              href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`}
            >
              {m.wizard_share_facebook()}
            </a>
            <a
              className="btn btn-link btn-sm"
              target="_blank"
              rel="noopener noreferrer"
              href={`https://www.reddit.com/submit?url=${encodeURIComponent(link)}&title=${encodeURIComponent(text)}`}
            >
              {m.wizard_share_reddit()}
            </a>
          </div>
        </Tab>
        <Tab eventKey="embed" title={m.wizard_tab_embed()}>
          {out ? (
            <EmbedTab snippet={snippet} id={release.id} />
          ) : (
            <p className="text-secondary mb-0" data-testid="embed-later">
              {m.wizard_embed_later()}
            </p>
          )}
        </Tab>
        <Tab eventKey="qr" title={m.wizard_tab_qr()}>
          <QrTab link={link} />
        </Tab>
      </Tabs>

      <div className="d-flex flex-wrap gap-2 mt-4">
        <a className="btn btn-gold" href={dashboardHref}>
          {m.wizard_go_dashboard()}
        </a>
        <a className="btn btn-outline-light" href="/marketing-tools">
          {m.wizard_marketing_tools()}
        </a>
        <a className="btn btn-outline-light" href="/promotion-services">
          {m.wizard_promotion_services()}
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
        <Form.Label>{m.wizard_embed_code()}</Form.Label>
        <Form.Control as="textarea" rows={4} readOnly value={snippet} className="font-monospace small" />
      </Form.Group>
      <Button variant="outline-light" size="sm" onClick={() => copy(snippet, m.wizard_embed_copied())}>
        {m.wizard_copy_embed()}
      </Button>
      <a className="btn btn-link btn-sm" href={`/embed/tracks/${id}`} target="_blank" rel="noopener">
        {m.wizard_preview_player()}
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
          alt={m.wizard_qr_alt({ link })}
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
          {m.wizard_download_qr()}
        </a>
      )}
    </div>
  );
}
