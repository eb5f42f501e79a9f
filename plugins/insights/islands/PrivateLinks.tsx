// The dashboard's press previews: make a secret link to a track with an expiry day, copy it, revoke it.
import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { ApiError, apiRequest } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import type { PrivateLinkJson } from '../links.ts';
import { MAX_LINK_DAYS } from '../rules.ts';
import * as m from '../../../lib/i18n/messages.ts';

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
    description: error instanceof ApiError ? error.serverMessage : m.links_try_again(),
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
      toast({ title: m.links_made(), description: m.links_valid_until({ day: link.expiresOn }), variant: 'success' });
    } catch (error) {
      failed(m.links_not_made(), error);
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (id: number) => {
    try {
      const link = await apiRequest<PrivateLinkJson>('DELETE', `/api/insights/links/${id}`);
      setLinks(links.map((l) => (l.id === id ? link : l)));
      toast({ title: m.links_revoked(), description: m.links_revoked_text() });
    } catch (error) {
      failed(m.links_not_revoked(), error);
    }
  };

  const copy = async (link: PrivateLinkJson) => {
    try {
      await navigator.clipboard.writeText(urlOf(link));
      toast({ title: m.links_copied() });
    } catch {
      toast({ title: m.links_copy_by_hand(), variant: 'destructive' });
    }
  };

  if (tracks.length === 0) return <p className="text-secondary">{m.links_no_tracks()}</p>;
  const live = (l: PrivateLinkJson) => !l.revoked && l.expiresAt > new Date().toISOString();
  return (
    <div className="private-links">
      <Form className="d-flex flex-wrap align-items-end gap-2 mb-3" onSubmit={create}>
        <Form.Group controlId="link-track">
          <Form.Label className="small mb-1">{m.links_track()}</Form.Label>
          <Form.Select value={trackId} onChange={(e) => setTrackId(Number(e.target.value))}>
            {tracks.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="link-expiry">
          <Form.Label className="small mb-1">{m.links_until()}</Form.Label>
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
          {busy ? m.links_making() : m.links_make()}
        </Button>
      </Form>
      {links.length === 0 ? (
        <p className="text-secondary small mb-0">{m.links_none()}</p>
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
                  <span className="small text-secondary">{m.links_until_day({ day: link.expiresOn })}</span>
                  <input
                    className="form-control form-control-sm flex-grow-1 link-url"
                    readOnly
                    value={urlOf(link)}
                    aria-label={m.links_link_to({ title: link.trackTitle })}
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <Button size="sm" variant="outline-light" onClick={() => void copy(link)}>
                    {m.links_copy()}
                  </Button>
                  <Button size="sm" variant="outline-danger" onClick={() => void revoke(link.id)}>
                    {m.links_revoke()}
                  </Button>
                </>
              ) : (
                <span className="small text-secondary">
                  {link.revoked ? m.links_state_revoked() : m.links_state_expired({ day: link.expiresOn })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
