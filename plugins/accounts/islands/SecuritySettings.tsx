import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { plural } from '../../../lib/format.ts';
import { toast } from '../../../site/stores/toasts.ts';
import type { SignedInDevice } from '../sessions.ts';
import { ChangePassword } from './ChangePassword.tsx';
import { PasskeySettings } from './PasskeySettings.tsx';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Settings › Security: the password, the devices signed in to the account (each one signed out, or all the others),
 * passkeys.
 */
export function SecuritySettings({ hasPassword }: { hasPassword: boolean }) {
  const [devices, setDevices] = useState<SignedInDevice[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = () =>
    apiRequest<SignedInDevice[]>('GET', '/api/auth/sessions')
      .then((list) => {
        setDevices(list);
        setFailed(null);
      })
      .catch((error) => setFailed(messageOf(error, 'Your sessions could not be loaded.')));
  useEffect(() => {
    void load();
  }, []);

  const signOut = async (what: string, method: string, url: string, done: string) => {
    setBusy(what);
    try {
      await apiRequest(method, url);
      toast({ title: done, variant: 'success' });
      await load();
    } catch (error) {
      toast({
        title: 'Sign out failed',
        description: messageOf(error, 'Try again in a moment.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <ChangePassword hasPassword={hasPassword} />
      <Devices devices={devices} failed={failed} busy={busy} signOut={signOut} />
      <PasskeySettings />
    </>
  );
}

function Devices({
  devices,
  failed,
  busy,
  signOut,
}: {
  devices: SignedInDevice[] | null;
  failed: string | null;
  busy: string | null;
  signOut(what: string, method: string, url: string, done: string): Promise<void>;
}) {
  if (failed)
    return (
      <p className="alert alert-danger" role="alert">
        {failed}
      </p>
    );
  if (!devices) {
    return (
      <p className="text-secondary" role="status">
        <Spinner as="span" size="sm" className="me-2" aria-hidden="true" />
        Loading your sessions…
      </p>
    );
  }
  const others = devices.filter((d) => !d.current).length;
  return (
    <section className="surface-card p-3" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="h5">
        Where you're signed in
      </h2>
      <p className="text-secondary">
        {plural(devices.length, 'device')} signed in to your account. Sign out any you don't recognise.
      </p>
      <ul className="list-unstyled mb-3" data-testid="sessions">
        {devices.map((d) => (
          <li
            key={d.id}
            className="d-flex flex-wrap align-items-center gap-2 py-2 border-bottom border-secondary-subtle"
            data-current={d.current}
          >
            <div className="flex-grow-1">
              <strong>{d.device}</strong> {d.current && <span className="badge text-bg-success">This device</span>}
              <div className="small text-secondary">
                Last seen {when(d.lastSeenAt)} · signed in {when(d.signedInAt)}
              </div>
            </div>
            {!d.current && (
              <Button
                variant="outline-light"
                size="sm"
                disabled={busy !== null}
                aria-label={`Sign out ${d.device}`}
                onClick={() =>
                  void signOut(
                    d.id,
                    'DELETE',
                    `/api/auth/sessions/${encodeURIComponent(d.id)}`,
                    'Signed out on that device',
                  )
                }
              >
                {busy === d.id ? 'Signing out…' : 'Sign out'}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Button
        variant="outline-danger"
        disabled={others === 0 || busy !== null}
        aria-describedby="sign-out-all-why"
        onClick={() => void signOut('all', 'POST', '/api/auth/sessions/sign-out-others', 'Signed out everywhere else')}
      >
        {busy === 'all' ? 'Signing out…' : 'Sign out everywhere else'}
      </Button>
      <p id="sign-out-all-why" className="small text-secondary mt-2 mb-0">
        {others === 0
          ? 'No other device is signed in.'
          : 'Signs out every other device; this one stays signed in. Changing your password by a reset link signs out all of them; changing it here does when you ask.'}
      </p>
    </section>
  );
}
