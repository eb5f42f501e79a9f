// The dashboard's press previews: make a secret link to a track with an expiry day, copy it, revoke it.
import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { ApiError, apiRequest } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import type { PrivateLinkJson } from '../links.ts';
import { MAX_LINK_DAYS } from '../rules.ts';

interface Props {
  tracks: Array<{ id: number; title: string }>;
  links: PrivateLinkJson[];
  /** The server's today (UTC, YYYY-MM-DD): the earliest expiry day. */
  today: string;
  /** The site's public origin (PUBLIC_URL): the links are made from it, on the server and in the browser alike. */
  origin: string;
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const failed = (title: string, error: unknown) =>
  toast({
    title,
    description: error instanceof ApiError ? error.serverMessage : 'Please try again.',
    variant: 'destructive',
  });

export default function PrivateLinks({ tracks, links: initial, today, origin }: Props) {
  const [links, setLinks] = useState(initial);
  const [trackId, setTrackId] = useState(tracks[0]?.id ?? 0);
  const [expiresOn, setExpiresOn] = useState(addDays(today, 14));
  const [busy, setBusy] = useState(false);
  const urlOf = (link: PrivateLinkJson) => `${origin}/preview/${link.token}`;

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const link = await apiRequest<PrivateLinkJson>('POST', '/api/insights/links', { trackId, expiresOn });
      setLinks([link, ...links]);
      toast({ title: 'Private link made', description: `Valid until ${link.expiresOn} (UTC).`, variant: 'success' });
    } catch (error) {
      failed('Link not made', error);
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (id: number) => {
    try {
      const link = await apiRequest<PrivateLinkJson>('DELETE', `/api/insights/links/${id}`);
      setLinks(links.map((l) => (l.id === id ? link : l)));
      toast({ title: 'Link revoked', description: 'It stopped working at once.' });
    } catch (error) {
      failed('Link not revoked', error);
    }
  };

  const copy = async (link: PrivateLinkJson) => {
    try {
      await navigator.clipboard.writeText(urlOf(link));
      toast({ title: 'Link copied' });
    } catch {
      toast({ title: 'Copy the link from its field', variant: 'destructive' });
    }
  };

  if (tracks.length === 0) return <p className="text-secondary">Upload a track to share a preview of it.</p>;
  const live = (l: PrivateLinkJson) => !l.revoked && l.expiresAt > new Date().toISOString();
  return (
    <div className="private-links">
      <Form className="d-flex flex-wrap align-items-end gap-2 mb-3" onSubmit={create}>
        <Form.Group controlId="link-track">
          <Form.Label className="small mb-1">Track</Form.Label>
          <Form.Select value={trackId} onChange={(e) => setTrackId(Number(e.target.value))}>
            {tracks.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="link-expiry">
          <Form.Label className="small mb-1">Works until (UTC)</Form.Label>
          <Form.Control
            type="date"
            required
            min={today}
            max={addDays(today, MAX_LINK_DAYS)}
            value={expiresOn}
            onChange={(e) => setExpiresOn(e.target.value)}
          />
        </Form.Group>
        <Button type="submit" variant="warning" disabled={busy} aria-busy={busy}>
          {busy ? 'Making…' : 'Make private link'}
        </Button>
      </Form>
      {links.length === 0 ? (
        <p className="text-secondary small mb-0">No private links yet.</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {links.map((link) => (
            <li
              key={link.id}
              className="d-flex flex-wrap align-items-center gap-2 py-2 border-bottom border-secondary-subtle"
            >
              <strong className="me-1">{link.trackTitle}</strong>
              {live(link) ? (
                <>
                  <span className="small text-secondary">until {link.expiresOn}</span>
                  <input
                    className="form-control form-control-sm flex-grow-1 link-url"
                    readOnly
                    value={urlOf(link)}
                    aria-label={`Private link to ${link.trackTitle}`}
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <Button size="sm" variant="outline-light" onClick={() => void copy(link)}>
                    Copy
                  </Button>
                  <Button size="sm" variant="outline-danger" onClick={() => void revoke(link.id)}>
                    Revoke
                  </Button>
                </>
              ) : (
                <span className="small text-secondary">{link.revoked ? 'revoked' : `expired ${link.expiresOn}`}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
