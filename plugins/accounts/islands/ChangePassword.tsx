import { useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { checkFields, maxLengthOf } from '../../../api/validation/rules.ts';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { NEW_PASSWORD_HINTS, PASSWORD_CHANGE_MESSAGES, passwordChangeRequired, passwordChangeRules } from '../rules.ts';

type Field = 'currentPassword' | 'newPassword' | 'repeatPassword';
const FIELDS: Field[] = ['currentPassword', 'newPassword', 'repeatPassword'];
const LABELS: Record<Field, string> = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  repeatPassword: 'New password again',
};

/**
 * Settings › Security › Change password (issue 44 point 2): the current password, the new one twice
 * with the rules it must meet, and other devices signed out if the person asks. An account without
 * a password (signed up with a passkey) sets its first one without a current one.
 */
export function ChangePassword({ hasPassword }: { hasPassword: boolean }) {
  const empty = { currentPassword: '', newPassword: '', repeatPassword: '' };
  const [values, setValues] = useState(empty);
  const [signOutOthers, setSignOutOthers] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const fields = hasPassword ? FIELDS : FIELDS.slice(1);

  const focusField = (field: Field) => formRef.current?.querySelector<HTMLInputElement>(`#password-${field}`)?.focus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      ...(hasPassword ? { currentPassword: values.currentPassword } : {}),
      newPassword: values.newPassword,
    };
    const found: Partial<Record<Field, string>> = checkFields(passwordChangeRules, body, [
      ...passwordChangeRequired,
      ...(hasPassword ? ['currentPassword'] : []),
    ]);
    if (!found.newPassword && values.repeatPassword !== values.newPassword)
      found.repeatPassword = PASSWORD_CHANGE_MESSAGES.mismatch;
    setErrors(found);
    const first = fields.find((field) => found[field]);
    if (first) return focusField(first);
    setPending(true);
    try {
      const done = await apiRequest<{ message: string }>('POST', '/api/auth/password', { ...body, signOutOthers });
      toast({ title: 'Password changed', description: done.message, variant: 'success' });
      setValues(empty);
      setSignOutOthers(false);
    } catch (error) {
      const message = messageOf(error, 'Your password could not be changed. Try again.');
      const field: Field = message === PASSWORD_CHANGE_MESSAGES.wrongCurrent ? 'currentPassword' : 'newPassword';
      setErrors({ [field]: message });
      focusField(field);
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="surface-card p-3 mb-4" aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="h5">
        {hasPassword ? 'Change password' : 'Set a password'}
      </h2>
      <Form noValidate ref={formRef} onSubmit={submit} aria-labelledby="change-password-title">
        {fields.map((field) => (
          <Form.Group className="mb-3" controlId={`password-${field}`} key={field}>
            <Form.Label>{LABELS[field]}</Form.Label>
            <Form.Control
              type="password"
              value={values[field]}
              maxLength={maxLengthOf(passwordChangeRules, field === 'repeatPassword' ? 'newPassword' : field)}
              autoComplete={field === 'currentPassword' ? 'current-password' : 'new-password'}
              isInvalid={!!errors[field]}
              aria-describedby={
                [field === 'newPassword' && 'password-rules', errors[field] && `password-${field}-error`]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
            />
            <Form.Control.Feedback type="invalid" id={`password-${field}-error`}>
              {errors[field]}
            </Form.Control.Feedback>
            {field === 'newPassword' && (
              <ul id="password-rules" className="small text-secondary mt-2 mb-0 ps-3">
                {NEW_PASSWORD_HINTS.map((hint) => (
                  <li key={hint}>{hint}</li>
                ))}
              </ul>
            )}
          </Form.Group>
        ))}
        <Form.Check
          className="mb-3"
          type="switch"
          id="password-sign-out-others"
          label="Sign out every other device (this one stays signed in)"
          checked={signOutOthers}
          onChange={(e) => setSignOutOthers(e.target.checked)}
        />
        <Button type="submit" className="btn-gold" disabled={pending} aria-busy={pending}>
          {pending ? 'Changing…' : hasPassword ? 'Change password' : 'Set password'}
        </Button>
      </Form>
    </section>
  );
}
