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
      setError(messageOf(failure, 'The password could not be created. Try again.'));
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
      toast({ title: 'App password deleted', description: 'The app using it is signed out.', variant: 'success' });
    } catch (failure) {
      toast({ title: 'Could not delete', description: messageOf(failure, 'Try again.'), variant: 'destructive' });
    } finally {
      setDeleting(null);
    }
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied', description: 'Paste it into your app now.', variant: 'success' });
    } catch {
      toast({ title: 'Copy it by hand', description: 'This browser did not allow copying.', variant: 'destructive' });
    }
  }

  return (
    <div className="d-flex flex-column gap-3">
      <section className="surface-card p-4" aria-labelledby="connect-title">
        <h2 id="connect-title" className="h5">
          Connect an app
        </h2>
        <p className="text-secondary">
          Play OneTrack in the Subsonic apps you already use (Symfonium, DSub, Substreamer, Feishin, Tempo…): add a
          Subsonic or OpenSubsonic server with these details and an app password made below, never your account
          password.
        </p>
        <dl className="row mb-0">
          <dt className="col-sm-3">Server address</dt>
          <dd className="col-sm-9">
            <code data-testid="server-url">{serverUrl}</code>
          </dd>
          <dt className="col-sm-3">Username</dt>
          <dd className="col-sm-9">
            <code>{username}</code>
          </dd>
          <dt className="col-sm-3">Password</dt>
          <dd className="col-sm-9">An app password (apps that take an API key accept it there too)</dd>
        </dl>
        <p className="small text-secondary mt-3 mb-0">
          The API answers at{' '}
          <code>
            {serverUrl}
            {SUBSONIC_PATH}
          </code>
          . We keep a hash of each app password and, because the protocol's token sign-in needs the password itself, a
          copy encrypted with the server's key (AES-256-GCM). Delete a password to sign its app out.
        </p>
      </section>

      <section className="surface-card p-4" aria-labelledby="passwords-title">
        <h2 id="passwords-title" className="h5">
          App passwords
        </h2>
        {created && (
          <Alert variant="success">
            <p className="fw-semibold mb-2">Password for “{created.name}”: copy it now, it will not be shown again.</p>
            <Form.Control
              readOnly
              value={created.password}
              className="font-monospace w-100"
              aria-label={`App password for ${created.name}`}
              onFocus={(e) => e.currentTarget.select()}
            />
            <div className="d-flex gap-2 mt-2">
              <Button variant="outline-light" onClick={() => copy(created.password)}>
                Copy
              </Button>
              <Button variant="outline-secondary" onClick={() => setCreated(null)}>
                Done
              </Button>
            </div>
          </Alert>
        )}
        <Form noValidate onSubmit={create} className="mb-3">
          <Form.Label htmlFor="app-name">App name</Form.Label>
          <LimitedText
            id="app-name"
            value={name}
            max={maxLengthOf(appPasswordRules, 'name')}
            quiet
            placeholder="e.g. Symfonium on my phone"
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
            Create password
          </Button>
          {full && (
            <div id="app-name-full" className="form-text text-secondary">
              You have {MAX_APP_PASSWORDS} app passwords, the most you can keep: delete one you no longer use first.
            </div>
          )}
        </Form>
        {passwords.length === 0 ? (
          <p className="text-secondary mb-0" data-testid="no-app-passwords">
            No app passwords yet. Create one for each app or device.
          </p>
        ) : (
          <ul className="list-unstyled mb-0">
            {passwords.map((p) => (
              <li key={p.id} className="d-flex flex-wrap gap-2 align-items-center justify-content-between py-2">
                <div>
                  <div className="fw-semibold">{p.name}</div>
                  <div className="small text-secondary">
                    Created {formatDate(p.createdAt)} ·{' '}
                    {p.lastUsedAt ? `last used ${formatDate(p.lastUsedAt)}` : 'never used'}
                  </div>
                </div>
                {confirming === p.id ? (
                  <div className="d-flex gap-2" role="group" aria-label={`Delete ${p.name}?`}>
                    <Button
                      variant="danger"
                      size="sm"
                      disabled={deleting === p.id}
                      aria-busy={deleting === p.id}
                      onClick={() => remove(p.id)}
                    >
                      {deleting === p.id && <Spinner size="sm" className="me-1" aria-hidden="true" />}
                      Delete, sign the app out
                    </Button>
                    <Button variant="outline-secondary" size="sm" onClick={() => setConfirming(null)}>
                      Keep
                    </Button>
                  </div>
                ) : (
                  <Button
                    variant="outline-danger"
                    size="sm"
                    onClick={() => setConfirming(p.id)}
                    aria-label={`Delete ${p.name}`}
                  >
                    Delete
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
