import { useId, useState, type ChangeEvent, type ComponentProps } from 'react';
import Form from 'react-bootstrap/Form';
import * as m from '../../lib/i18n/messages.ts';

// A text field with a length limit from a rules.ts file: the field refuses more than the limit
// (maxLength, so nothing is cut off on send) and a live counter says how much is used. Screen
// readers hear the limit with the field and a notice once little room is left.

/** Within this share of the limit the counter warns (and `quiet` counters appear). */
const NEAR = 0.9;

export function CharCount({
  id,
  length,
  max,
  quiet = false,
}: {
  id: string;
  length: number;
  max: number;
  quiet?: boolean;
}) {
  const left = max - length;
  const state = left <= 0 ? 'is-full' : length >= max * NEAR ? 'is-near' : '';
  const notice = left <= 0 ? m.limit_reached({ max }) : state ? m.limit_left({ left }) : '';
  return (
    <div id={id} className={`char-count ${state}`.trim()} data-testid="char-count" hidden={quiet && !state}>
      {/* Left to right in Arabic too: "42 / 120" must not read "120 / 42". */}
      <bdi aria-hidden="true" dir="ltr">
        {m.limit_count({ length, max })}
      </bdi>
      <span className="visually-hidden">{m.limit_at_most({ max })}</span>
      <span className="visually-hidden" aria-live="polite">
        {notice}
      </span>
    </div>
  );
}

type ControlProps = Omit<
  ComponentProps<typeof Form.Control>,
  'value' | 'defaultValue' | 'onChange' | 'maxLength' | 'as'
>;

/**
 * Form.Control (an input, or a textarea with `rows`) limited to `max` characters, with its counter.
 * `quiet` shows the counter only near the limit (user names, e-mail addresses: rarely long). Without
 * `value` the field is uncontrolled (a `name`d field of a form that posts before hydration: what the
 * reader typed stays the field's, React hydrating it or not).
 */
export function LimitedText({
  value,
  max,
  onChange,
  rows,
  quiet,
  ...props
}: ControlProps & {
  value?: string;
  max: number;
  onChange?(value: string): void;
  rows?: number;
  quiet?: boolean;
}) {
  const counterId = useId();
  const [typed, setTyped] = useState(0);
  const describedBy = [props['aria-describedby'], counterId].filter(Boolean).join(' ');
  const control = {
    ...props,
    ...(value === undefined ? {} : { value }),
    maxLength: max,
    'aria-describedby': describedBy,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setTyped(e.target.value.length);
      onChange?.(e.target.value);
    },
  };
  return (
    <>
      {rows ? <Form.Control {...control} as="textarea" rows={rows} /> : <Form.Control {...control} />}
      <CharCount id={counterId} length={value?.length ?? typed} max={max} quiet={quiet} />
    </>
  );
}
