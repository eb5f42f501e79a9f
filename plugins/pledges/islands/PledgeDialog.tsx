// The "Pledge to the next drop" dialog, opened by PledgeButton.tsx (which fetches this code on
// first open): on an artist page (one artist) and in the Credit Vault (a choice of the artists whose
// drop of this month is still to come).
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useAvailableCredits } from '../../credits/islands/useAvailableCredits.ts';
import CreditAmountField from '../../credits/islands/CreditAmountField.tsx';
import { plural } from '../../../site/lib/format.ts';
import { monthName } from '../rules.ts';
import { pledgeCredits, refreshPage } from './pledge.ts';

interface ArtistChoice {
  id: number;
  name: string;
}

export interface PledgeDialogProps {
  /** The artist page's artist; without it the dialog offers `choices`. */
  artist?: ArtistChoice;
  choices?: ArtistChoice[];
  month: string;
  closesAt: string;
  signedIn: boolean;
  show: boolean;
  onHide(): void;
}

export default function PledgeDialog({ artist, choices = [], month, closesAt, signedIn, show, onHide }: PledgeDialogProps) {
  const [artistId, setArtistId] = useState(artist ? String(artist.id) : '');
  const [amount, setAmount] = useState('');
  const available = useAvailableCredits(show, signedIn);
  const [pending, setPending] = useState(false);
  const closes = new Date(closesAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const chosen = artist ?? choices.find((c) => String(c.id) === artistId) ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    const done = await pledgeCredits(chosen, Number(amount), available ?? 0, month);
    setPending(false);
    if (!done) return;
    setAmount('');
    onHide();
    await refreshPage();
  };

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="pledge-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="pledge-title">{artist ? `Pledge to ${artist.name}'s ${monthName(month)} drop` : 'Pledge to the next drop'}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-secondary">
            Your credits are held now and go to the artist the moment their {monthName(month)} drop is released. You can cancel until
            then; if there is no drop by {closes}, they come back to your balance.
          </p>
          <p className="text-secondary" data-testid="pledge-available">
            {available === null ? 'Checking your balance…' : `You have ${plural(available, 'credit')} available this month.`}
          </p>
          {!artist && (
            <Form.Group controlId="pledge-artist" className="mb-3">
              <Form.Label>Artist</Form.Label>
              <Form.Select value={artistId} onChange={(e) => setArtistId(e.target.value)}>
                <option value="">Choose an artist</option>
                {choices.map((c) => (
                  <option key={c.id} value={c.id}>{c.name}</option>
                ))}
              </Form.Select>
            </Form.Group>
          )}
          <CreditAmountField id="pledge-amount" label="Credits to pledge" value={amount} available={available} onChange={setAmount} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-light" onClick={onHide}>Cancel</Button>
          <Button type="submit" className="btn-gold" disabled={amount === '' || pending || !chosen}>
            {pending ? 'Pledging…' : 'Pledge Credits'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
