import { Duration } from 'luxon';
import { Fragment, useEffect, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import ArtistSelect from './ArtistSelect.tsx';
import CreditAmountField from './CreditAmountField.tsx';
import { Progress } from '../../../site/components/Progress.tsx';
import { apiRequest } from '../../../site/lib/api.ts';
import { DATE_FORMAT, useLocalFormat } from '../../../site/lib/dates.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { messageParts } from '../../../lib/i18n/parts.ts';
import { localeHref } from '../../../lib/i18n/runtime.ts';
import { useHydrated } from '../../../site/lib/useHydrated.ts';
import { useLoadOnOpen } from '../../../site/lib/useLoadOnOpen.ts';
import type { AllocationResult } from './allocate.ts';
import { allocateCredits } from './allocate.ts';
import { FanStatement } from './FanStatement.tsx';
import { listeningNote } from './listeningNote.ts';
import type { FanStatementData } from './statementTypes.ts';
import { focusFirstField } from '../../../site/lib/useDialogs.tsx';
import { genreName } from '../../../lib/genreNames.ts';

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

/** What is left until the refill, the days said in the language: '2d 03:04:05', '2 j 03:04:05'. */
function countdown(left: number): string {
  const days = Math.floor(left / 86_400_000);
  const time = Duration.fromMillis(left - days * 86_400_000).toFormat('hh:mm:ss');
  return days ? m.credits_countdown_days({ days, time }) : time;
}

function RefillCountdown({ at, renderedAt }: { at: string; renderedAt: string }) {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.parse(renderedAt));
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Date.parse(at) - (hydrated ? now : Date.parse(renderedAt));
  const text = left <= 0 ? m.credits_refilling_now() : countdown(left);
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
      { title: m.credits_invalid_input(), description: m.credits_select_artist_amount() },
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
          <Modal.Title id="allocate-title">{m.credits_allocate_title()}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-secondary">{m.credits_available_month({ count: available })}</p>
          <ArtistSelect
            id="allocate-artist"
            choices={artists}
            placeholder={m.credits_select_artist()}
            optionLabel={(a) =>
              a.genre ? m.credits_artist_genre({ name: a.name, genre: genreName(a.genre) }) : a.name
            }
            value={artistId}
            onChange={setArtistId}
          />
          <CreditAmountField
            id="allocate-amount"
            label={m.credits_amount_label()}
            value={amount}
            available={available}
            onChange={setAmount}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-light" onClick={onHide}>
            {m.common_cancel()}
          </Button>
          <Button type="submit" className="btn-gold" disabled={amount === '' || pending || artists.data === null}>
            {pending ? m.credits_allocating() : m.credits_allocate()}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** How the month's credits work, with links to Settings and Transparency where the language puts them. */
function HowCreditsWork({ count }: { count: number }) {
  const links = {
    settings: <a href={localeHref('/profile#listening-setting-title')}>{m.credits_settings_link()}</a>,
    transparency: <a href={localeHref('/transparency')}>{m.credits_transparency_link()}</a>,
  };
  const parts = messageParts((values) => m.credits_how_it_works({ count, ...values }), ['settings', 'transparency']);
  return <>{parts.map((part, i) => ('text' in part ? part.text : <Fragment key={i}>{links[part.value]}</Fragment>))}</>;
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
    [m.credits_stat_month(), summary.allocatedThisMonth, 'vault-this-month'],
    [m.credits_stat_total(), summary.totalAllocated, 'vault-total'],
    [m.credits_stat_artists(), summary.artistsSupported, 'vault-artists'],
  ];

  return (
    <>
      <section className="surface-card vault-balance" aria-labelledby="vault-balance-label">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-3">
          <div>
            <h2 id="vault-balance-label" className="h6 text-secondary mb-1">
              {m.credits_available()}
            </h2>
            <p className="vault-amount mb-0" data-testid="vault-balance">
              {summary.credits}
            </p>
            <p className="text-secondary small mb-0">
              {summary.noCredits ? m.credits_none_month() : m.credits_of_month({ total: summary.monthlyCredits })}
            </p>
          </div>
          {/* No refill comes without a membership: the notice below says so instead. */}
          {!summary.noCredits && (
            <div className="text-md-end">
              <p className="text-secondary small mb-1">{m.credits_next_refill()}</p>
              <RefillCountdown at={summary.nextRefillAt} renderedAt={props.renderedAt} />
            </div>
          )}
        </div>
        {/* Under "Available credits" the bar shows what is left to give (it filled with what was spent). */}
        <Progress
          className="vault-progress mt-3"
          value={summary.credits}
          max={summary.monthlyCredits}
          label={m.credits_progress({ credits: summary.credits, total: summary.monthlyCredits })}
        />
        {summary.noCredits ? (
          <div
            className="alert alert-warning d-flex flex-wrap align-items-center gap-2 mt-3"
            role="status"
            data-testid="vault-no-credits"
          >
            <span className="flex-grow-1">{summary.noCredits}</span>
            <a href={localeHref('/profile?tab=billing')} className="btn btn-gold btn-sm">
              {m.credits_upgrade()}
            </a>
          </div>
        ) : (
          <>
            <p className="text-secondary small mt-2 mb-2">
              <HowCreditsWork count={summary.monthlyCredits} />
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
            {m.credits_allocate_title()}
          </Button>
          {!props.hasArtists && (
            <span id="allocate-nobody" className="text-secondary small">
              {m.credits_no_artists()}
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
          {m.credits_history()}
        </h2>
        {allocations.length === 0 ? (
          <p className="text-secondary">{m.credits_no_allocations()}</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-hover align-middle vault-history">
              <thead>
                <tr>
                  <th scope="col">{m.credits_col_date()}</th>
                  <th scope="col">{m.credits_col_artist()}</th>
                  <th scope="col" className="d-none d-sm-table-cell">
                    {m.credits_col_genre()}
                  </th>
                  <th scope="col" className="text-end">
                    {m.credits_amount_label()}
                  </th>
                </tr>
              </thead>
              <tbody>
                {allocations.map((a) => (
                  <tr key={a.id}>
                    <td className="text-nowrap">{format(a.allocationDate, DATE_FORMAT)}</td>
                    <td>
                      <a href={localeHref(`/artist/${a.artistId}`)}>{a.artist?.name}</a>
                    </td>
                    <td className="d-none d-sm-table-cell text-secondary">
                      {a.artist?.genre ? genreName(a.artist.genre) : '—'}
                    </td>
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
