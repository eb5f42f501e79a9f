import { navigate } from 'astro:transitions/client';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import type { ExportJson, ExportsJson } from '../dataExport.ts';
import { DELETION_MESSAGES } from '../rules.ts';
import { focusFirstField } from '../../../site/lib/useDialogs.tsx';

/** How often the screen asks whether an export in progress is ready. */
const POLL_MS = 2000;

const day = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const inProgress = (e: ExportJson | undefined) => e?.status === 'queued' || e?.status === 'building';

/** Settings › Your data: an export of everything the account holds, and the account's deletion. */
export function YourData({
  userId,
  username,
  confirmWith,
}: {
  userId: number;
  username: string;
  confirmWith: 'password' | 'username';
}) {
  return (
    <>
      <DataExport />
      <DeleteAccount userId={userId} username={username} confirmWith={confirmWith} />
    </>
  );
}

function DataExport() {
  const [state, setState] = useState<ExportsJson | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Whether the last answer had an export in progress (the poll's own closure cannot see state).
  const wasBusy = useRef(false);

  const load = async () => {
    try {
      const next = await apiRequest<ExportsJson>('GET', '/api/users/me/exports');
      setState(next);
      setFailed(null);
      const busy = inProgress(next.exports[0]);
      if (busy) timer.current = setTimeout(() => void load(), POLL_MS);
      else if (wasBusy.current && next.exports[0]?.status === 'ready')
        toast({ title: 'Your data is ready', description: 'Download it below.', variant: 'success' });
      wasBusy.current = busy;
    } catch (error) {
      setFailed(messageOf(error, 'Your exports could not be loaded.'));
    }
  };
  useEffect(() => {
    void load();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  const request = async () => {
    setPending(true);
    try {
      await apiRequest('POST', '/api/users/me/exports');
      await load();
    } catch (error) {
      toast({
        title: 'Export not started',
        description: messageOf(error, 'Try again in a moment.'),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };

  const latest = state?.exports[0];
  const busy = inProgress(latest);
  const waitUntil = state?.nextRequestAt ?? null;
  const why = busy
    ? 'Your export is being prepared.'
    : waitUntil
      ? `You can ask for one export a day: the next from ${day(waitUntil)}.`
      : null;

  return (
    <section className="surface-card p-3 mb-4" aria-labelledby="export-title">
      <h2 id="export-title" className="h5">
        Download your data
      </h2>
      <p className="text-secondary">
        One archive (ZIP of JSON files) with your profile, likes, subscriptions, listens, credit ledger and statements,
        pledges, messages, notifications and the reports you filed; for artists, your releases with links to their
        files. It takes a moment to prepare and can be downloaded for 7 days.
      </p>
      {failed && (
        <p className="alert alert-danger" role="alert">
          {failed}
        </p>
      )}
      {!state && !failed && (
        <p className="text-secondary" role="status">
          <Spinner as="span" size="sm" className="me-2" aria-hidden="true" />
          Loading your exports…
        </p>
      )}
      {state && (
        <>
          <div aria-live="polite" data-testid="export-status">
            {busy && (
              <p className="mb-3" role="status">
                <Spinner as="span" size="sm" className="me-2" aria-hidden="true" />
                {latest!.status === 'queued' ? 'Waiting for its turn…' : 'Preparing your data…'}
              </p>
            )}
            {latest?.status === 'ready' && (
              <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
                <span className="flex-grow-1">
                  <strong>Ready</strong> · {size(latest.size ?? 0)} · until {day(latest.expiresAt!)}
                </span>
                <a className="btn btn-gold" href={latest.downloadUrl!} download>
                  Download
                </a>
              </div>
            )}
            {latest?.status === 'expired' && (
              <p className="text-secondary mb-3">Your last export expired on {day(latest.expiresAt!)}.</p>
            )}
            {latest?.status === 'failed' && (
              <p className="text-danger mb-3">Your last export could not be prepared. Ask for a new one.</p>
            )}
          </div>
          <Button
            variant={latest?.status === 'ready' ? 'outline-light' : 'primary'}
            className={latest?.status === 'ready' ? '' : 'btn-gold'}
            disabled={pending || why !== null}
            aria-describedby={why ? 'export-why' : undefined}
            onClick={() => void request()}
          >
            {pending ? 'Starting…' : 'Prepare my data'}
          </Button>
          {why && (
            <p id="export-why" className="small text-secondary mt-2 mb-0">
              {why}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function DeleteAccount({
  userId,
  username,
  confirmWith,
}: {
  userId: number;
  username: string;
  confirmWith: 'password' | 'username';
}) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const close = () => {
    setOpen(false);
    setValue('');
    setError(null);
  };

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    if (!value) {
      setError(DELETION_MESSAGES[confirmWith]);
      return;
    }
    setPending(true);
    try {
      await apiRequest('POST', `/api/users/${userId}/deletion`, { [confirmWith]: value });
      toast({
        title: 'Account deleted',
        description: 'Your account and personal data have been removed',
        variant: 'success',
      });
      await navigate('/', { history: 'replace' });
    } catch (failure) {
      setError(messageOf(failure, 'Your account could not be deleted'));
      setPending(false);
    }
  };

  return (
    <section className="surface-card danger-zone p-3" aria-labelledby="delete-title">
      <h2 id="delete-title" className="h5 text-danger">
        Delete your account
      </h2>
      <p className="text-secondary">
        Removes your profile, photo, likes, listens, subscriptions, messages, notifications, devices and passkeys, and
        ends every session. Your credit ledger and statements stay, without your name, because other people's statements
        depend on them. An artist's page and tracks are gone for good, and pledges waiting for your next drop go back to
        your fans. Your username and e-mail become free to use again.
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Modal show={open} onHide={close} centered aria-labelledby="delete-confirm-title" onEntered={focusFirstField}>
        <Form noValidate onSubmit={remove}>
          <Modal.Header closeButton>
            <Modal.Title id="delete-confirm-title">Delete your account?</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>This cannot be undone. Download your data first if you want to keep it.</p>
            <Form.Group controlId="delete-confirm">
              <Form.Label>
                {confirmWith === 'password' ? (
                  'Your password'
                ) : (
                  <>
                    Type your username <strong>{username}</strong>
                  </>
                )}
              </Form.Label>
              <Form.Control
                type={confirmWith === 'password' ? 'password' : 'text'}
                autoComplete={confirmWith === 'password' ? 'current-password' : 'off'}
                value={value}
                isInvalid={!!error}
                aria-describedby={error ? 'delete-confirm-error' : undefined}
                onChange={(e) => setValue(e.target.value)}
              />
              <Form.Control.Feedback type="invalid" id="delete-confirm-error">
                {error}
              </Form.Control.Feedback>
            </Form.Group>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-light" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={pending}>
              {pending ? 'Deleting…' : 'Delete my account'}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </section>
  );
}
