// The artist field of a dialog whose choices are read when it opens (the vault's Allocate Credits,
// pledges' "Pledge to the next drop"): a disabled "Loading artists…" meanwhile, a Retry if it failed.
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { OnOpen } from '../../../site/lib/useLoadOnOpen.ts';
import * as m from '../../../lib/i18n/messages.ts';

interface Props<T> {
  id: string;
  choices: OnOpen<T[]>;
  /** The empty first option once the choices are there. */
  placeholder: string;
  optionLabel(choice: T): string;
  value: string;
  onChange(value: string): void;
}

export default function ArtistSelect<T extends { id: number }>({
  id,
  choices,
  placeholder,
  optionLabel,
  value,
  onChange,
}: Props<T>) {
  const { data, failed, retry } = choices;
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{m.credits_col_artist()}</Form.Label>
      <Form.Select value={value} onChange={(e) => onChange(e.target.value)} aria-busy={data === null && !failed}>
        {data ? (
          <>
            <option value="">{placeholder}</option>
            {data.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {optionLabel(choice)}
              </option>
            ))}
          </>
        ) : (
          <option value="" disabled>
            {failed ? m.credits_no_artists_to_show() : m.credits_loading_artists()}
          </option>
        )}
      </Form.Select>
      {failed && (
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2 mt-2 mb-0 py-2" role="alert">
          <span className="flex-grow-1">{m.credits_artists_failed()}</span>
          <Button size="sm" variant="outline-light" onClick={retry}>
            {m.credits_retry()}
          </Button>
        </div>
      )}
    </Form.Group>
  );
}
