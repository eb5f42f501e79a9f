import { useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { checkFields, maxLengthOf } from '../../../api/validation/rules.ts';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { PASSWORD_CHANGE_MESSAGES, passwordChangeRequired, passwordChangeRules, registerRules } from '../rules.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { ruleText } from './ruleTexts.ts';

type Field = 'currentPassword' | 'newPassword' | 'repeatPassword';
const FIELDS: Field[] = ['currentPassword', 'newPassword', 'repeatPassword'];
const LABELS: Record<Field, () => string> = {
  currentPassword: m.password_current,
  newPassword: m.password_new,
  repeatPassword: m.password_repeat,
};
/** The rules a new password meets, as the form lists them (the server checks each). */
const hints = () => [
  m.password_hint_length({ count: registerRules.password.minLength! }),
  m.password_hint_username(),
  m.password_hint_different(),
];

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
      found.repeatPassword = m.api_password_mismatch();
    setErrors(found);
    const first = fields.find((field) => found[field]);
    if (first) return focusField(first);
    setPending(true);
    try {
      const done = await apiRequest<{ message: string }>('POST', '/api/auth/password', { ...body, signOutOthers });
      toast({ title: m.password_changed(), description: done.message, variant: 'success' });
      setValues(empty);
      setSignOutOthers(false);
    } catch (error) {
      const message = messageOf(error, m.password_change_failed());
      // The API answers in the reader's language (the page's, site/lib/api.ts); English for an old client.
      const wrongCurrent = [m.api_password_wrong_current(), PASSWORD_CHANGE_MESSAGES.wrongCurrent].includes(message);
      const field: Field = wrongCurrent ? 'currentPassword' : 'newPassword';
      setErrors({ [field]: message });
      focusField(field);
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="surface-card p-3 mb-4" aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="h5">
        {hasPassword ? m.password_change_title() : m.password_set_title()}
      </h2>
      <Form noValidate ref={formRef} onSubmit={submit} aria-labelledby="change-password-title">
        {fields.map((field) => (
          <Form.Group className="mb-3" controlId={`password-${field}`} key={field}>
            <Form.Label>{LABELS[field]()}</Form.Label>
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
              {ruleText(errors[field])}
            </Form.Control.Feedback>
            {field === 'newPassword' && (
              <ul id="password-rules" className="small text-secondary mt-2 mb-0 ps-3">
                {hints().map((hint) => (
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
          label={m.password_sign_out_others()}
          checked={signOutOthers}
          onChange={(e) => setSignOutOthers(e.target.checked)}
        />
        <Button type="submit" className="btn-gold" disabled={pending} aria-busy={pending}>
          {pending ? m.password_changing() : hasPassword ? m.password_change_title() : m.password_set()}
        </Button>
      </Form>
    </section>
  );
}
