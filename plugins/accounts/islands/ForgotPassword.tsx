import { useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { checkFields, maxLengthOf } from '../../../api/validation/rules.ts';
import { LimitedText } from '../../../site/components/LimitedText.tsx';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { resetRequestRequired, resetRequestRules } from '../rules.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { localeHref } from '../../../lib/i18n/runtime.ts';
import { ruleText } from './ruleTexts.ts';

/**
 * Asks for a reset link; the answer is the same whether or not the address has an account. A real
 * form: posted before its island hydrated, or without JavaScript, it asks through
 * /api/auth/password-reset's form answer, back to its page saying it was sent or why not
 * (../pages/forgot-password.astro); once hydrated it checks the address and asks with a fetch.
 */
export default function ForgotPassword() {
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const email = (form.current!.elements.namedItem('email') as HTMLInputElement).value;
    const found = checkFields(resetRequestRules, { email }, resetRequestRequired);
    setError(found.email);
    if (found.email) return;
    setPending(true);
    try {
      setSent((await apiRequest<{ message: string }>('POST', '/api/auth/password-reset', { email })).message);
    } catch (failure) {
      setError(messageOf(failure, m.recovery_send_failed()));
    } finally {
      setPending(false);
    }
  };

  if (sent) {
    return (
      <Alert variant="success" role="status" data-testid="reset-sent">
        {sent}
      </Alert>
    );
  }
  return (
    <Form
      ref={form}
      noValidate
      onSubmit={submit}
      aria-label={m.recovery_forgot_form()}
      method="post"
      action="/api/auth/password-reset"
      data-native-submit
      data-astro-reload
    >
      <input type="hidden" name="back" value={localeHref('/forgot-password')} />
      <p className="text-secondary">{m.recovery_forgot_text()}</p>
      <Form.Group className="mb-3" controlId="forgot-email">
        <Form.Label>{m.auth_email()}</Form.Label>
        <LimitedText
          type="email"
          name="email"
          max={maxLengthOf(resetRequestRules, 'email')}
          quiet
          autoComplete="email"
          isInvalid={!!error}
          aria-describedby={error ? 'forgot-email-error' : undefined}
        />
        <Form.Control.Feedback type="invalid" id="forgot-email-error">
          {ruleText(error)}
        </Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" className="btn-gold w-100" disabled={pending}>
        {pending ? m.common_sending() : m.recovery_send_link()}
      </Button>
    </Form>
  );
}
