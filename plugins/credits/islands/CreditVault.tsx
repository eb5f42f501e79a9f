import { Duration } from 'luxon';
import { useEffect, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import ArtistSelect from './ArtistSelect.tsx';
import CreditAmountField from './CreditAmountField.tsx';
import { Progress } from '../../../site/components/Progress.tsx';
import { apiRequest } from '../../../site/lib/api.ts';
import { DATE_FORMAT, useLocalFormat } from '../../../site/lib/dates.ts';
import { plural } from '../../../lib/format.ts';
import { useHydrated } from '../../../site/lib/useHydrated.ts';
import { useLoadOnOpen } from '../../../site/lib/useLoadOnOpen.ts';
import type { AllocationResult } from './allocate.ts';
import { allocateCredits } from './allocate.ts';
import { FanStatement } from './FanStatement.tsx';
import { listeningNote } from './listeningNote.ts';
import type { FanStatementData } from './statementTypes.ts';
import { focusFirstField } from '../../../site/lib/useDialogs.tsx';

type Allocation = AllocationResult['allocation'];

/** An artist the Allocate dialog offers (GET /api/credits/artists). */
interface ArtistChoice {
  id: number;
  name: string;
  genre: string | null;
}

export interface VaultSummary {
  credits: number;
  monthlyCredits: number;
  month: string;
  nextRefillAt: string;
  allocatedThisMonth: number;
  totalAllocated: number;
  artistsSupported: number;
  /** Why this month brought no credits (trial ended, membership cancelled); null when it did. */
  noCredits: string | null;
}

interface Props {
  summary: VaultSummary;
  allocations: Allocation[];
  /** Whether there is any artist to allocate to; the dialog reads who when it opens. */
  hasArtists: boolean;
  /** The server's clock at render time, so the first countdown frame matches the HTML. */
  renderedAt: string;
  /** This month's statement (money you can follow); reloaded after each allocation. */
  /** This month's statement; null in a month without credits. */
  fanStatement: FanStatementData | null;
}

function RefillCountdown({ at, renderedAt }: { at: string; renderedAt: string }) {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.parse(renderedAt));
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Date.parse(at) - (hydrated ? now : Date.parse(renderedAt));
  const text =
    left <= 0 ? 'Refilling now' : Duration.fromMillis(left).toFormat(left >= 86_400_000 ? "d'd' hh:mm:ss" : 'hh:mm:ss');
  return (
    <span className="vault-countdown" role="timer" aria-live="off">
      {text}
    </span>
  );
}

function AllocateDialog({
  show,
  onHide,
  available,
  onAllocated,
}: {
  show: boolean;
  onHide(): void;
  available: number;
  onAllocated(): Promise<void>;
}) {
  const [artistId, setArtistId] = useState('');
  const [amount, setAmount] = useState('');
  const [pending, setPending] = useState(false);
  const artists = useLoadOnOpen<ArtistChoice[]>(show, '/api/credits/artists');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    const artist = artists.data?.find((a) => String(a.id) === artistId) ?? null;
    const result = await allocateCredits(
      { artist, amount: Number(amount), available },
      { title: 'Invalid Input', description: 'Please select an artist and enter a valid credit amount' },
    );
    if (result) {
      setArtistId('');
      setAmount('');
      onHide();
      await onAllocated();
    }
    setPending(false);
  };

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="allocate-title" onEntered={focusFirstField}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="allocate-title">Allocate Credits</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-secondary">You have {plural(available, 'credit')} available this month.</p>
          <ArtistSelect
            id="allocate-artist"
            choices={artists}
            placeholder="Select an artist"
            optionLabel={(a) => (a.genre ? `${a.name} (${a.genre})` : a.name)}
            value={artistId}
            onChange={setArtistId}
          />
          <CreditAmountField
            id="allocate-amount"
            label="Credits"
            value={amount}
            available={available}
            onChange={setAmount}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-light" onClick={onHide}>
            Cancel
          </Button>
          <Button type="submit" className="btn-gold" disabled={amount === '' || pending || artists.data === null}>
            {pending ? 'Allocating…' : 'Allocate'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

export default function CreditVault(props: Props) {
  const [summary, setSummary] = useState(props.summary);
  const [allocations, setAllocations] = useState(props.allocations);
  const [statement, setStatement] = useState(props.fanStatement);
  const [dialogOpen, setDialogOpen] = useState(false);
  const format = useLocalFormat();

  const refresh = async () => {
    const [nextSummary, nextAllocations, nextStatement] = await Promise.all([
      apiRequest<VaultSummary>('GET', '/api/credits/user'),
      apiRequest<Allocation[]>('GET', '/api/credits/allocations'),
      props.fanStatement && apiRequest<FanStatementData>('GET', '/api/credits/statements/fan'),
    ]);
    setSummary(nextSummary);
    setAllocations(nextAllocations);
    setStatement(nextStatement);
  };

  const stats: Array<[string, number, string]> = [
    ['This month allocated', summary.allocatedThisMonth, 'vault-this-month'],
    ['Total allocated', summary.totalAllocated, 'vault-total'],
    ['Artists supported', summary.artistsSupported, 'vault-artists'],
  ];

  return (
    <>
      <section className="surface-card vault-balance" aria-labelledby="vault-balance-label">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-3">
          <div>
            <h2 id="vault-balance-label" className="h6 text-secondary mb-1">
              Available credits
            </h2>
            <p className="vault-amount mb-0" data-testid="vault-balance">
              {summary.credits}
            </p>
            <p className="text-secondary small mb-0">
              {summary.noCredits ? 'none this month' : `of ${summary.monthlyCredits} this month`}
            </p>
          </div>
          {/* No refill comes without a membership: the notice below says so instead. */}
          {!summary.noCredits && (
            <div className="text-md-end">
              <p className="text-secondary small mb-1">Next refill in</p>
              <RefillCountdown at={summary.nextRefillAt} renderedAt={props.renderedAt} />
            </div>
          )}
        </div>
        {/* Under "Available credits" the bar shows what is left to give (it filled with what was spent). */}
        <Progress
          className="vault-progress mt-3"
          value={summary.credits}
          max={summary.monthlyCredits}
          label={`${summary.credits} of ${summary.monthlyCredits} credits available this month`}
        />
        {summary.noCredits ? (
          <div
            className="alert alert-warning d-flex flex-wrap align-items-center gap-2 mt-3"
            role="status"
            data-testid="vault-no-credits"
          >
            <span className="flex-grow-1">{summary.noCredits}</span>
            <a href="/profile?tab=billing" className="btn btn-gold btn-sm">
              Upgrade to Premium
            </a>
          </div>
        ) : (
          <>
            <p className="text-secondary small mt-2 mb-2">
              Every month starts at exactly {plural(summary.monthlyCredits, 'credit')} on the 1st (UTC). Unspent credits
              do not carry over. Each credit carries 1&nbsp;% of your fee less the platform's share: the ones you give
              go to the artists you chose, the ones you leave follow what you play that month (you can turn that off in
              your <a href="/profile#listening-setting-title">Settings</a>), and where you play nothing they go to the
              artists you chose. See every month on the <a href="/transparency">Transparency</a> page.
            </p>
            {statement && listeningNote(statement) && (
              <p className="vault-listening small mb-3" data-testid="vault-listening" aria-live="polite">
                {listeningNote(statement)}
              </p>
            )}
          </>
        )}
        <div className="d-flex flex-wrap align-items-center gap-2">
          <Button
            className="btn-gold"
            onClick={() => setDialogOpen(true)}
            disabled={!props.hasArtists || summary.noCredits !== null}
            aria-describedby={props.hasArtists ? undefined : 'allocate-nobody'}
          >
            Allocate Credits
          </Button>
          {!props.hasArtists && (
            <span id="allocate-nobody" className="text-secondary small">
              There are no other artists to allocate to yet.
            </span>
          )}
        </div>
      </section>

      <div className="row g-3 mt-1">
        {stats.map(([label, value, testId]) => (
          <div className="col-4" key={label}>
            <div className="surface-card vault-stat">
              <p className="text-secondary small mb-1">{label}</p>
              <p className="h4 mb-0" data-testid={testId}>
                {value}
              </p>
            </div>
          </div>
        ))}
      </div>

      <section className="mt-4" aria-labelledby="history-title">
        <h2 id="history-title" className="h5">
          Allocation history
        </h2>
        {allocations.length === 0 ? (
          <p className="text-secondary">
            No allocations yet. Open an artist’s page or use Allocate Credits to support someone.
          </p>
        ) : (
          <div className="table-responsive">
            <table className="table table-hover align-middle vault-history">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Artist</th>
                  <th scope="col" className="d-none d-sm-table-cell">
                    Genre
                  </th>
                  <th scope="col" className="text-end">
                    Credits
                  </th>
                </tr>
              </thead>
              <tbody>
                {allocations.map((a) => (
                  <tr key={a.id}>
                    <td className="text-nowrap">{format(a.allocationDate, DATE_FORMAT)}</td>
                    <td>
                      <a href={`/artist/${a.artistId}`}>{a.artist?.name}</a>
                    </td>
                    <td className="d-none d-sm-table-cell text-secondary">{a.artist?.genre ?? '—'}</td>
                    <td className="text-end">{a.credits}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {props.fanStatement && <FanStatement initial={props.fanStatement} refreshKey={allocations} />}

      <AllocateDialog
        show={dialogOpen}
        onHide={() => setDialogOpen(false)}
        available={summary.credits}
        onAllocated={refresh}
      />
    </>
  );
}
