import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { checkFields, maxLengthOf } from '../../../api/validation/rules.ts';
import { LimitedText } from '../../../site/components/LimitedText.tsx';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { resetRequestRequired, resetRequestRules } from '../rules.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { ruleText } from './ruleTexts.ts';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export default function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
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
    <Form noValidate onSubmit={submit} aria-label={m.recovery_forgot_form()}>
      <p className="text-secondary">{m.recovery_forgot_text()}</p>
      <Form.Group className="mb-3" controlId="forgot-email">
        <Form.Label>{m.auth_email()}</Form.Label>
        <LimitedText
          type="email"
          value={email}
          max={maxLengthOf(resetRequestRules, 'email')}
          quiet
          autoComplete="email"
          isInvalid={!!error}
          aria-describedby={error ? 'forgot-email-error' : undefined}
          onChange={setEmail}
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
