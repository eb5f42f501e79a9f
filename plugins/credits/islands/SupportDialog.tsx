// The "Support with Credits" dialog, opened by SupportButton.tsx (the catalog's `artist.support` slot).
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useAvailableCredits } from './useAvailableCredits.ts';
import CreditAmountField from './CreditAmountField.tsx';
import { plural } from '../../../lib/format.ts';
import { signInToast } from '../../../site/lib/session.ts';
import { allocateCredits } from './allocate.ts';
import { focusFirstField } from '../../../site/lib/useDialogs.tsx';

export interface SupportDialogProps {
  artist: { id: number; name: string };
  show: boolean;
  onHide(): void;
  signedIn: boolean;
}

export default function SupportDialog({ artist, show, onHide, signedIn }: SupportDialogProps) {
  const [amount, setAmount] = useState('');
  const available = useAvailableCredits(show, signedIn);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!signedIn) {
      signInToast('Please log in to allocate credits');
      return;
    }
    setPending(true);
    const result = await allocateCredits({ artist, amount: Number(amount), available: available ?? 0 });
    setPending(false);
    if (!result) return;
    setAmount('');
    onHide();
  };

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="support-title" onEntered={focusFirstField}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="support-title">Support {artist.name} with Credits</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {signedIn ? (
            <p className="text-secondary" data-testid="support-available">
              {available === null
                ? 'Checking your balance…'
                : `You have ${plural(available, 'credit')} available this month.`}
            </p>
          ) : (
            <p className="text-secondary">
              <a href="/auth">Log in</a> to give your monthly credits to {artist.name}.
            </p>
          )}
          <CreditAmountField
            id="support-amount"
            label="Credits to allocate"
            value={amount}
            available={available}
            onChange={setAmount}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-light" onClick={onHide}>
            Cancel
          </Button>
          <Button type="submit" className="btn-gold" disabled={amount === '' || pending}>
            {pending ? 'Allocating…' : 'Allocate Credits'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
