import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { checkFields, maxLengthOf } from '../../../api/validation/rules.ts';
import { LimitedText } from '../../../site/components/LimitedText.tsx';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { formatDate } from '../../catalog/present.ts';
import { appPasswordRules, MAX_APP_PASSWORDS, SUBSONIC_PATH } from '../rules.ts';
import type { AppPasswordJson } from '../service.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { aroundMark } from '../../../lib/i18n/format.ts';

interface Props {
  passwords: AppPasswordJson[];
  username: string;
  /** The site's public address (PUBLIC_URL), as apps must type it. */
  serverUrl: string;
}

const API = '/api/subsonic/app-passwords';

/** Settings › Apps: what a Subsonic app needs to connect, and the user's app passwords. */
export default function AppPasswords({ passwords: initial, username, serverUrl }: Props) {
  const [passwords, setPasswords] = useState(initial);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<{ name: string; password: string } | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const full = passwords.length >= MAX_APP_PASSWORDS;

  async function create(event: FormEvent) {
    event.preventDefault();
    const problem = checkFields(appPasswordRules, { name }, ['name']).name;
    setError(problem ?? '');
    if (problem) return;
    setSaving(true);
    try {
      const made = await apiRequest<AppPasswordJson & { password: string }>('POST', API, { name });
      const { password, ...listed } = made;
      setPasswords([listed, ...passwords]);
      setCreated({ name: made.name, password });
      setName('');
    } catch (failure) {
      setError(messageOf(failure, m.apps_create_failed()));
    } finally {
      setSaving(false);
    }
  }

  async function remove(id: number) {
    setDeleting(id);
    try {
      await apiRequest('DELETE', `${API}/${id}`);
      setPasswords(passwords.filter((p) => p.id !== id));
      setConfirming(null);
      toast({ title: m.apps_deleted(), description: m.apps_deleted_text(), variant: 'success' });
    } catch (failure) {
      toast({
        title: m.apps_delete_failed(),
        description: messageOf(failure, m.apps_try_again()),
        variant: 'destructive',
      });
    } finally {
      setDeleting(null);
    }
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: m.apps_copied(), description: m.apps_copied_text(), variant: 'success' });
    } catch {
      toast({ title: m.apps_copy_by_hand(), description: m.apps_copy_refused(), variant: 'destructive' });
    }
  }

  const [apiBefore, apiAfter] = aroundMark((url) => m.apps_api_at({ url }));
  return (
    <div className="d-flex flex-column gap-3">
      <section className="surface-card p-4" aria-labelledby="connect-title">
        <h2 id="connect-title" className="h5">
          {m.apps_connect()}
        </h2>
        <p className="text-secondary">{m.apps_connect_text()}</p>
        <dl className="row mb-0">
          <dt className="col-sm-3">{m.apps_server()}</dt>
          <dd className="col-sm-9">
            <code data-testid="server-url">{serverUrl}</code>
          </dd>
          <dt className="col-sm-3">{m.apps_username()}</dt>
          <dd className="col-sm-9">
            <code>{username}</code>
          </dd>
          <dt className="col-sm-3">{m.apps_password()}</dt>
          <dd className="col-sm-9">{m.apps_password_text()}</dd>
        </dl>
        <p className="small text-secondary mt-3 mb-0">
          {apiBefore}
          <code dir="ltr">
            {serverUrl}
            {SUBSONIC_PATH}
          </code>
          {apiAfter}
        </p>
      </section>

      <section className="surface-card p-4" aria-labelledby="passwords-title">
        <h2 id="passwords-title" className="h5">
          {m.apps_passwords()}
        </h2>
        {created && (
          <Alert variant="success">
            <p className="fw-semibold mb-2">{m.apps_created({ name: created.name })}</p>
            <Form.Control
              readOnly
              value={created.password}
              className="font-monospace w-100"
              aria-label={m.apps_password_for({ name: created.name })}
              onFocus={(e) => e.currentTarget.select()}
            />
            <div className="d-flex gap-2 mt-2">
              <Button variant="outline-light" onClick={() => copy(created.password)}>
                {m.apps_copy()}
              </Button>
              <Button variant="outline-secondary" onClick={() => setCreated(null)}>
                {m.apps_done()}
              </Button>
            </div>
          </Alert>
        )}
        <Form noValidate onSubmit={create} className="mb-3">
          <Form.Label htmlFor="app-name">{m.apps_name()}</Form.Label>
          <LimitedText
            id="app-name"
            value={name}
            max={maxLengthOf(appPasswordRules, 'name')}
            quiet
            placeholder={m.apps_name_placeholder()}
            disabled={full}
            isInvalid={!!error}
            aria-describedby={error ? 'app-name-error' : full ? 'app-name-full' : undefined}
            onChange={(value) => setName(value)}
          />
          <Form.Control.Feedback type="invalid" id="app-name-error">
            {error}
          </Form.Control.Feedback>
          <Button type="submit" className="btn-gold mt-2" disabled={saving || full} aria-busy={saving}>
            {saving && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {m.apps_create()}
          </Button>
          {full && (
            <div id="app-name-full" className="form-text text-secondary">
              {m.apps_full({ count: MAX_APP_PASSWORDS })}
            </div>
          )}
        </Form>
        {passwords.length === 0 ? (
          <p className="text-secondary mb-0" data-testid="no-app-passwords">
            {m.apps_none()}
          </p>
        ) : (
          <ul className="list-unstyled mb-0">
            {passwords.map((p) => (
              <li key={p.id} className="d-flex flex-wrap gap-2 align-items-center justify-content-between py-2">
                <div>
                  <div className="fw-semibold">{p.name}</div>
                  <div className="small text-secondary">
                    {p.lastUsedAt
                      ? m.apps_created_used({ created: formatDate(p.createdAt), used: formatDate(p.lastUsedAt) })
                      : m.apps_created_never({ created: formatDate(p.createdAt) })}
                  </div>
                </div>
                {confirming === p.id ? (
                  <div className="d-flex gap-2" role="group" aria-label={m.apps_delete_confirm({ name: p.name })}>
                    <Button
                      variant="danger"
                      size="sm"
                      disabled={deleting === p.id}
                      aria-busy={deleting === p.id}
                      onClick={() => remove(p.id)}
                    >
                      {deleting === p.id && <Spinner size="sm" className="me-1" aria-hidden="true" />}
                      {m.apps_delete_sign_out()}
                    </Button>
                    <Button variant="outline-secondary" size="sm" onClick={() => setConfirming(null)}>
                      {m.apps_keep()}
                    </Button>
                  </div>
                ) : (
                  <Button
                    variant="outline-danger"
                    size="sm"
                    onClick={() => setConfirming(p.id)}
                    aria-label={m.apps_delete_label({ name: p.name })}
                  >
                    {m.apps_delete()}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
