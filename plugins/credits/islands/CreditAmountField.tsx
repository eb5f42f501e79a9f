// The whole-credits amount of a dialog that spends credits (Support with Credits, pledges): the
// browser keeps it to 1..available, the server checks it again.
import Form from 'react-bootstrap/Form';
import * as m from '../../../lib/i18n/messages.ts';

interface Props {
  id: string;
  label: string;
  value: string;
  available: number | null;
  onChange(value: string): void;
}

export default function CreditAmountField({ id, label, value, available, onChange }: Props) {
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="number"
        inputMode="numeric"
        min={1}
        max={available ?? undefined}
        step={1}
        value={value}
        placeholder={m.credits_amount_placeholder()}
        onChange={(e) => onChange(e.target.value)}
      />
    </Form.Group>
  );
}
