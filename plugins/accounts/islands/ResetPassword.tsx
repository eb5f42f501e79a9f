import { navigate } from 'astro:transitions/client';
import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { checkFields } from '../../../api/validation/rules.ts';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { resetRules } from '../rules.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { localeHref } from '../../../lib/i18n/runtime.ts';
import { ruleText } from './ruleTexts.ts';
import { takeLinkToken } from './linkToken.ts';

/** The page a reset link opens: the token is in the fragment; the new password is posted with it. */
export default function ResetPassword() {
  // undefined until read on the client (the server never sees the fragment).
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [values, setValues] = useState({ password: '', repeat: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => setToken(takeLinkToken()), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkFields({ password: resetRules.password }, { password: values.password }, ['password']);
    if (!found.password && values.password !== values.repeat) found.repeat = m.recovery_mismatch();
    setErrors(found);
    if (Object.keys(found).length || !token) return;
    setPending(true);
    try {
      const { message } = await apiRequest<{ message: string }>('POST', '/api/auth/password-reset/confirm', {
        token,
        password: values.password,
      });
      toast({ title: m.password_changed(), description: message, variant: 'success' });
      await navigate(localeHref('/login'), { history: 'replace' });
    } catch (error) {
      setFailed(messageOf(error, m.api_recovery_bad_link()));
      setPending(false);
    }
  };

  if (token === undefined)
    return (
      <p className="text-secondary" role="status">
        {m.recovery_reading()}
      </p>
    );
  if (!token || failed) {
    return (
      <Alert variant="danger" role="alert" data-testid="reset-failed">
        {failed ?? m.api_recovery_bad_link()}{' '}
        <Alert.Link href={localeHref('/forgot-password')}>{m.recovery_new_link()}</Alert.Link>
      </Alert>
    );
  }
  const field = (key: 'password' | 'repeat', label: string) => (
    <Form.Group className="mb-3" controlId={`reset-${key}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="password"
        value={values[key]}
        maxLength={resetRules.password.maxLength}
        autoComplete="new-password"
        isInvalid={!!errors[key]}
        aria-describedby={errors[key] ? `reset-${key}-error` : undefined}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
      />
      <Form.Control.Feedback type="invalid" id={`reset-${key}-error`}>
        {ruleText(errors[key])}
      </Form.Control.Feedback>
    </Form.Group>
  );
  return (
    <Form noValidate onSubmit={submit} aria-label={m.recovery_reset_title()}>
      <p className="text-secondary">{m.recovery_reset_others()}</p>
      {field('password', m.password_new())}
      {field('repeat', m.recovery_repeat())}
      <Button type="submit" className="btn-gold w-100" disabled={pending}>
        {pending ? m.common_saving() : m.recovery_save_password()}
      </Button>
    </Form>
  );
}
