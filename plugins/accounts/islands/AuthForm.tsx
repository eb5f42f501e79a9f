import { navigate } from 'astro:transitions/client';
import { useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { checkFields, maxLengthOf, type FieldRules } from '../../../api/validation/rules.ts';
import { LimitedText } from '../../../site/components/LimitedText.tsx';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../demoAccount.ts';
import { NEXT_PARAM, WELCOME_PATH } from '../../../lib/nextPath.ts';
import { PasskeyLogin } from './PasskeyLogin.tsx';
import { loginRequired, loginRules, registerRequired, registerRules } from '../rules.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { localeHref } from '../../../lib/i18n/runtime.ts';
import { ruleText } from './ruleTexts.ts';

type Errors = Record<string, string>;

function Field(props: {
  id: string;
  label: string;
  type?: string;
  /** Sent by it: the field is uncontrolled, what was typed is the field's, hydrated or not. */
  name: string;
  /** The rules the field's length limit comes from, and its name there. */
  rules: FieldRules;
  field: string;
  error?: string;
  autoComplete?: string;
}) {
  return (
    <Form.Group className="mb-3" controlId={props.id}>
      <Form.Label>{props.label}</Form.Label>
      <LimitedText
        type={props.type ?? 'text'}
        name={props.name}
        max={maxLengthOf(props.rules, props.field)}
        quiet
        autoComplete={props.autoComplete}
        isInvalid={!!props.error}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
      />
      <Form.Control.Feedback type="invalid" id={`${props.id}-error`}>
        {ruleText(props.error)}
      </Form.Control.Feedback>
    </Form.Group>
  );
}

/**
 * A real form: posted before its island hydrated, or without JavaScript, it signs in through
 * /api/auth/login's form answer (a redirect to `next`, or back here saying why: ../routes.ts). Once
 * hydrated it checks the fields and signs in with a fetch. Its fields are uncontrolled, so what was
 * typed before hydration is what is sent either way.
 */
function LoginForm({ action, next = '/' }: { action: string; next?: string }) {
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const field = (name: string) => form.current!.elements.namedItem(name) as HTMLInputElement;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = { username: field('username').value, password: field('password').value };
    const found = checkFields(loginRules, values, loginRequired);
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      await apiRequest('POST', '/api/auth/login', values);
      toast({ title: m.auth_login_ok(), description: m.auth_login_ok_text(), variant: 'success' });
      await navigate(localeHref(next), { history: 'replace' });
    } catch (error) {
      toast({
        title: m.auth_login_failed(),
        description: messageOf(error, m.auth_login_failed_text()),
        variant: 'destructive',
      });
      setPending(false);
    }
  };
  const fillDemo = () => {
    field('username').value = DEMO_USERNAME;
    field('password').value = DEMO_PASSWORD;
  };

  return (
    <Form
      ref={form}
      noValidate
      onSubmit={submit}
      aria-label={m.auth_tab_login()}
      method="post"
      action="/api/auth/login"
      data-native-submit
      // The client router would send it as multipart and render the API's answer: a plain post it is.
      data-astro-reload
    >
      <input type="hidden" name="back" value={action} />
      <input type="hidden" name={NEXT_PARAM} value={next} />
      <Field
        id="login-username"
        label={m.auth_username()}
        rules={loginRules}
        field="username"
        name="username"
        error={errors.username}
        autoComplete="username"
      />
      <Field
        id="login-password"
        label={m.auth_password()}
        type="password"
        rules={loginRules}
        field="password"
        name="password"
        error={errors.password}
        autoComplete="current-password"
      />
      <p className="text-end small mb-3">
        <a href={localeHref('/forgot-password')}>{m.auth_forgot()}</a>
      </p>
      <Button type="submit" className="btn-gold w-100" disabled={pending}>
        {pending ? m.auth_logging_in() : m.auth_login()}
      </Button>
      <PasskeyLogin />
      <div className="demo-box mt-4" role="note">
        <p className="mb-2">
          <strong>{m.auth_demo_title()}</strong>:{' '}
          {m.auth_demo_details({ username: DEMO_USERNAME, password: DEMO_PASSWORD })}
        </p>
        <Button variant="outline-light" size="sm" onClick={fillDemo}>
          {m.auth_fill_demo()}
        </Button>
      </div>
    </Form>
  );
}

/**
 * A real form, as the sign-in form: posted before its island hydrated, or without JavaScript, it
 * registers through /api/auth/register's form answer (the artist profile too, when the switch is
 * on); once hydrated it checks the fields and registers with a fetch.
 */
function RegisterForm({ action, next }: { action: string; next?: string }) {
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const field = (name: string) => form.current!.elements.namedItem(name) as HTMLInputElement;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = {
      name: field('name').value,
      username: field('username').value,
      email: field('email').value,
      password: field('password').value,
      isArtist: field('isArtist').checked,
    };
    const found = checkFields(registerRules, values, registerRequired);
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      await apiRequest('POST', '/api/auth/register', values);
      if (values.isArtist) {
        // Spec §4: a failing artist-profile call is only logged; registration still succeeded.
        await apiRequest('POST', '/api/auth/register-artist-hook').catch((error) =>
          console.error('artist profile creation failed', error),
        );
      }
      toast({
        title: m.auth_register_ok(),
        description: m.auth_register_ok_text(),
        variant: 'success',
      });
      await navigate(localeHref(next ?? WELCOME_PATH), { history: 'replace' });
    } catch (error) {
      toast({
        title: m.auth_register_failed(),
        description: messageOf(error, m.auth_register_failed_text()),
        variant: 'destructive',
      });
      setPending(false);
    }
  };

  return (
    <Form
      ref={form}
      noValidate
      onSubmit={submit}
      aria-label={m.auth_tab_register()}
      method="post"
      action="/api/auth/register"
      data-native-submit
      data-astro-reload
    >
      <input type="hidden" name="back" value={action} />
      {/* Without one the server welcomes the new account too. */}
      {next && <input type="hidden" name={NEXT_PARAM} value={next} />}
      <Field
        id="register-name"
        label={m.auth_full_name()}
        rules={registerRules}
        field="name"
        name="name"
        error={errors.name}
        autoComplete="name"
      />
      <Field
        id="register-username"
        label={m.auth_username()}
        rules={registerRules}
        field="username"
        name="username"
        error={errors.username}
        autoComplete="username"
      />
      <Field
        id="register-email"
        label={m.auth_email()}
        type="email"
        rules={registerRules}
        field="email"
        name="email"
        error={errors.email}
        autoComplete="email"
      />
      <Field
        id="register-password"
        label={m.auth_password()}
        type="password"
        rules={registerRules}
        field="password"
        name="password"
        error={errors.password}
        autoComplete="new-password"
      />
      <Form.Check
        className="mb-3"
        type="switch"
        id="register-artist"
        name="isArtist"
        value="true"
        label={m.auth_artist_switch()}
      />
      <Button type="submit" className="btn-gold w-100" disabled={pending}>
        {pending ? m.auth_creating() : m.auth_create()}
      </Button>
    </Form>
  );
}

/**
 * `action`: the page the forms are on, where a refusal of a form posted without JavaScript comes
 * back to (../components/AuthScreen.astro). Both forms post to the API and work without JavaScript
 * (above). `next`: where to go once signed in (checked by the page, lib/nextPath.ts); a new account
 * without one is welcomed.
 */
export default function AuthForm({
  initialTab = 'login',
  action,
  next,
}: {
  initialTab?: 'login' | 'register';
  action: string;
  next?: string;
}) {
  return (
    <Tabs defaultActiveKey={initialTab} id="auth-tabs" className="mb-4" fill>
      <Tab eventKey="login" title={m.auth_tab_login()}>
        <LoginForm action={action} next={next} />
      </Tab>
      <Tab eventKey="register" title={m.auth_tab_register()}>
        <RegisterForm action={action} next={next} />
      </Tab>
    </Tabs>
  );
}
