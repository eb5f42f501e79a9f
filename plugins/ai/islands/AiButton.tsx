import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

interface Props {
  label: string;
  busyLabel: string;
  run(): Promise<void>;
}

/** A small button that runs an AI call: disabled with a spinner and `busyLabel` until it is done. */
export function AiButton({ label, busyLabel, run }: Props) {
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    try {
      await run();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="outline-light" onClick={click} disabled={busy}>
      {busy && <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-1" />}
      {busy ? busyLabel : label}
    </Button>
  );
}
