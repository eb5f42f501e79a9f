import { navigate } from 'astro:transitions/client';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import type { ExportJson, ExportsJson } from '../dataExport.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { intlLocale } from '../../../lib/i18n/format.ts';
import { messageParts } from '../../../lib/i18n/parts.ts';
import { localeHref } from '../../../lib/i18n/runtime.ts';
import { focusFirstField } from '../../../site/lib/useDialogs.tsx';

/** How often the screen asks whether an export in progress is ready. */
const POLL_MS = 2000;

const day = (iso: string) => new Date(iso).toLocaleString(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' });
const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? m.data_size_kb({ size: Math.max(1, Math.round(bytes / 1024)) })
    : m.data_size_mb({ size: Math.round(bytes / 1024 / 102.4) / 10 });
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
        toast({ title: m.data_ready_toast(), description: m.data_ready_toast_text(), variant: 'success' });
      wasBusy.current = busy;
    } catch (error) {
      setFailed(messageOf(error, m.data_load_failed()));
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
        title: m.data_not_started(),
        description: messageOf(error, m.common_try_again()),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };

  const latest = state?.exports[0];
  const busy = inProgress(latest);
  const waitUntil = state?.nextRequestAt ?? null;
  const why = busy ? m.data_busy() : waitUntil ? m.data_wait({ date: day(waitUntil) }) : null;

  return (
    <section className="surface-card p-3 mb-4" aria-labelledby="export-title">
      <h2 id="export-title" className="h5">
        {m.data_title()}
      </h2>
      <p className="text-secondary">{m.data_text()}</p>
      {failed && (
        <p className="alert alert-danger" role="alert">
          {failed}
        </p>
      )}
      {!state && !failed && (
        <p className="text-secondary" role="status">
          <Spinner as="span" size="sm" className="me-2" aria-hidden="true" />
          {m.data_loading()}
        </p>
      )}
      {state && (
        <>
          <div aria-live="polite" data-testid="export-status">
            {busy && (
              <p className="mb-3" role="status">
                <Spinner as="span" size="sm" className="me-2" aria-hidden="true" />
                {latest!.status === 'queued' ? m.data_queued() : m.data_preparing()}
              </p>
            )}
            {latest?.status === 'ready' && (
              <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
                <span className="flex-grow-1">
                  <strong>{m.data_ready()}</strong> ·{' '}
                  {m.data_ready_detail({ size: size(latest.size ?? 0), date: day(latest.expiresAt!) })}
                </span>
                <a className="btn btn-gold" href={latest.downloadUrl!} download>
                  {m.data_download()}
                </a>
              </div>
            )}
            {latest?.status === 'expired' && (
              <p className="text-secondary mb-3">{m.data_expired({ date: day(latest.expiresAt!) })}</p>
            )}
            {latest?.status === 'failed' && <p className="text-danger mb-3">{m.data_failed()}</p>}
          </div>
          <Button
            variant={latest?.status === 'ready' ? 'outline-light' : 'primary'}
            className={latest?.status === 'ready' ? '' : 'btn-gold'}
            disabled={pending || why !== null}
            aria-describedby={why ? 'export-why' : undefined}
            onClick={() => void request()}
          >
            {pending ? m.data_starting() : m.data_prepare()}
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

/** "Type your username <strong>name</strong>", the name in bold wherever the language puts it. */
function TypeUsername({ username }: { username: string }) {
  return (
    <>
      {messageParts(m.delete_type_username, ['username']).map((part, i) =>
        'text' in part ? part.text : <strong key={i}>{username}</strong>,
      )}
    </>
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
      setError(confirmWith === 'password' ? m.api_delete_password() : m.api_delete_username());
      return;
    }
    setPending(true);
    try {
      await apiRequest('POST', `/api/users/${userId}/deletion`, { [confirmWith]: value });
      toast({
        title: m.delete_toast(),
        description: m.delete_toast_text(),
        variant: 'success',
      });
      await navigate(localeHref('/'), { history: 'replace' });
    } catch (failure) {
      setError(messageOf(failure, m.delete_failed()));
      setPending(false);
    }
  };

  return (
    <section className="surface-card danger-zone p-3" aria-labelledby="delete-title">
      <h2 id="delete-title" className="h5 text-danger">
        {m.delete_title()}
      </h2>
      <p className="text-secondary">{m.delete_text()}</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {m.delete_button()}
      </Button>
      <Modal show={open} onHide={close} centered aria-labelledby="delete-confirm-title" onEntered={focusFirstField}>
        <Form noValidate onSubmit={remove}>
          <Modal.Header closeButton>
            <Modal.Title id="delete-confirm-title">{m.delete_confirm_title()}</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>{m.delete_confirm_text()}</p>
            <Form.Group controlId="delete-confirm">
              <Form.Label>
                {confirmWith === 'password' ? m.delete_your_password() : <TypeUsername username={username} />}
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
              {m.common_cancel()}
            </Button>
            <Button type="submit" variant="danger" disabled={pending}>
              {pending ? m.delete_deleting() : m.delete_button()}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </section>
  );
}
