// The "Pledge to the next drop" dialog, opened by PledgeButton.tsx (which fetches this code on
// first open): on an artist page (one artist) and in the Credit Vault (a choice of artists, each
// with the month of their next drop, read when it opens). The credits come from that month's balance.
import { useEffect, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { apiGetOrNull } from '../../../site/lib/api.ts';
import { useLoadOnOpen } from '../../../site/lib/useLoadOnOpen.ts';
import ArtistSelect from '../../credits/islands/ArtistSelect.tsx';
import CreditAmountField from '../../credits/islands/CreditAmountField.tsx';
import { monthName } from '../rules.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { intlLocale } from '../../../lib/i18n/format.ts';
import { pledgeCredits, refreshPage } from './pledge.ts';
import { focusFirstField } from '../../../site/lib/useDialogs.tsx';

export interface ArtistChoice {
  id: number;
  name: string;
  /** 'YYYY-MM' of the artist's next drop, which a pledge goes to. */
  month: string;
}

export interface PledgeDialogProps {
  /**
   * The artist page's artist; without it the dialog offers every artist but the fan's own (GET /api/pledges/artists).
   */
  artist?: ArtistChoice;
  show: boolean;
  onHide(): void;
}

interface PledgeWindow {
  month: string;
  closesAt: string;
  available: number;
}

/** Where a pledge to this artist goes and the balance it comes from, read each time the dialog opens on them. */
function usePledgeWindow(show: boolean, artistId: number | null): PledgeWindow | null {
  const [window, setWindow] = useState<PledgeWindow | null>(null);
  useEffect(() => {
    setWindow(null);
    if (!show || artistId === null) return;
    let current = true;
    apiGetOrNull<PledgeWindow>(`/api/pledges/artists/${artistId}`)
      .then((answer) => current && setWindow(answer))
      .catch(() => current && setWindow(null));
    return () => {
      current = false;
    };
  }, [show, artistId]);
  return window;
}

export default function PledgeDialog({ artist, show, onHide }: PledgeDialogProps) {
  const [artistId, setArtistId] = useState(artist ? String(artist.id) : '');
  const [amount, setAmount] = useState('');
  const [pending, setPending] = useState(false);
  const choices = useLoadOnOpen<ArtistChoice[]>(show && !artist, '/api/pledges/artists');
  const chosen = artist ?? choices.data?.find((c) => String(c.id) === artistId) ?? null;
  const window = usePledgeWindow(show, chosen?.id ?? null);
  const month = window?.month ?? chosen?.month ?? null;
  const available = window?.available ?? null;
  const closes =
    window &&
    new Date(window.closesAt).toLocaleDateString(intlLocale() === 'en' ? 'en-US' : intlLocale(), {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    const done = await pledgeCredits(chosen, Number(amount), available ?? 0, month ?? '');
    setPending(false);
    if (!done) return;
    setAmount('');
    onHide();
    await refreshPage();
  };

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="pledge-title" onEntered={focusFirstField}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={m.dialog_close()}>
          <Modal.Title id="pledge-title">
            {artist ? m.pledge_artist_next_drop({ name: artist.name }) : m.pledge_next_drop()}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {chosen && month && (
            <p className="text-secondary" data-testid="pledge-terms">
              {m.pledge_terms({ name: chosen.name, month: monthName(month), closes: closes ?? '…' })}
            </p>
          )}
          {chosen && (
            <p className="text-secondary" data-testid="pledge-available">
              {available === null || !month
                ? m.pledge_checking()
                : m.pledge_available({ count: available, month: monthName(month) })}
            </p>
          )}
          {!artist && (
            <ArtistSelect
              id="pledge-artist"
              choices={choices}
              placeholder={m.pledge_choose_artist()}
              optionLabel={(c) => m.pledge_artist_option({ name: c.name, month: monthName(c.month) })}
              value={artistId}
              onChange={setArtistId}
            />
          )}
          <CreditAmountField
            id="pledge-amount"
            label={m.pledge_amount()}
            value={amount}
            available={available}
            onChange={setAmount}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-light" onClick={onHide}>
            {m.pledge_cancel()}
          </Button>
          <Button
            type="submit"
            className="btn-gold"
            disabled={amount === '' || pending || !chosen || available === null}
          >
            {pending ? m.pledge_pledging() : m.pledge_submit()}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
