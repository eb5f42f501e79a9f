import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { ruleText } from './ruleTexts.ts';

// Small labelled controls of the wizard: every control has a label, its error sits beneath it.

export function Field(props: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Form.Group className="mb-3" controlId={props.id}>
      <Form.Label>
        {props.label}
        {props.required && (
          <span className="text-danger" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </Form.Label>
      {props.children}
      {props.hint && !props.error && <Form.Text className="text-secondary d-block">{props.hint}</Form.Text>}
      {props.error && (
        <div className="invalid-feedback d-block" id={`${props.id}-error`} role="alert">
          {ruleText(props.error)}
        </div>
      )}
    </Form.Group>
  );
}

export function Select(props: {
  id: string;
  value: string | number;
  options: readonly (string | number)[];
  /** The shown name of a stored value (the value itself when absent). */
  label?(value: string): string;
  placeholder?: string;
  invalid?: boolean;
  onChange(value: string): void;
}) {
  return (
    <Form.Select
      value={props.value}
      isInvalid={props.invalid}
      aria-describedby={props.invalid ? `${props.id}-error` : undefined}
      onChange={(e) => props.onChange(e.target.value)}
    >
      {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
      {props.options.map((o) => (
        <option key={o} value={o}>
          {props.label ? props.label(String(o)) : o}
        </option>
      ))}
    </Form.Select>
  );
}

export function Toggle(props: {
  id: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  hint?: ReactNode;
  onChange(value: boolean): void;
}) {
  return (
    <div className="mb-3">
      <Form.Check
        type="switch"
        id={props.id}
        label={props.label}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={props.hint ? `${props.id}-hint` : undefined}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      {props.hint && (
        <Form.Text id={`${props.id}-hint`} className="text-secondary d-block">
          {props.hint}
        </Form.Text>
      )}
    </div>
  );
}
