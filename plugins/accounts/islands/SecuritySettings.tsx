import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { intlLocale } from '../../../lib/i18n/format.ts';
import { toast } from '../../../site/stores/toasts.ts';
import type { SignedInDevice } from '../sessions.ts';
import { ChangePassword } from './ChangePassword.tsx';
import { PasskeySettings } from './PasskeySettings.tsx';

const when = (iso: string) => new Date(iso).toLocaleString(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' });

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
      .catch((error) => setFailed(messageOf(error, m.sessions_failed())));
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
        title: m.sessions_sign_out_failed(),
        description: messageOf(error, m.common_try_again()),
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
        {m.sessions_loading()}
      </p>
    );
  }
  const others = devices.filter((d) => !d.current).length;
  return (
    <section className="surface-card p-3" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="h5">
        {m.sessions_title()}
      </h2>
      <p className="text-secondary">{m.sessions_text({ count: devices.length })}</p>
      <ul className="list-unstyled mb-3" data-testid="sessions">
        {devices.map((d) => (
          <li
            key={d.id}
            className="d-flex flex-wrap align-items-center gap-2 py-2 border-bottom border-secondary-subtle"
            data-current={d.current}
          >
            <div className="flex-grow-1">
              <strong>{d.device}</strong>{' '}
              {d.current && <span className="badge text-bg-success">{m.sessions_this_device()}</span>}
              <div className="small text-secondary">
                {m.sessions_seen({ seen: when(d.lastSeenAt), signedIn: when(d.signedInAt) })}
              </div>
            </div>
            {!d.current && (
              <Button
                variant="outline-light"
                size="sm"
                disabled={busy !== null}
                aria-label={m.sessions_sign_out_device({ device: d.device })}
                onClick={() =>
                  void signOut(
                    d.id,
                    'DELETE',
                    `/api/auth/sessions/${encodeURIComponent(d.id)}`,
                    m.api_signed_out_device(),
                  )
                }
              >
                {busy === d.id ? m.sessions_signing_out() : m.sessions_sign_out()}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Button
        variant="outline-danger"
        disabled={others === 0 || busy !== null}
        aria-describedby="sign-out-all-why"
        onClick={() => void signOut('all', 'POST', '/api/auth/sessions/sign-out-others', m.api_signed_out_others())}
      >
        {busy === 'all' ? m.sessions_signing_out() : m.sessions_sign_out_all()}
      </Button>
      <p id="sign-out-all-why" className="small text-secondary mt-2 mb-0">
        {others === 0 ? m.sessions_no_others() : m.sessions_others_text()}
      </p>
    </section>
  );
}
