import { plural } from '../../../lib/format.ts';
import { formatCents } from '../money.ts';
import { monthName } from '../months.ts';
import { MonthPicker, StatementStatus } from './MonthPicker.tsx';
import type { ArtistStatementData } from './statementTypes.ts';
import { useMonthStatement } from './useMonthStatement.ts';

const URL = '/api/credits/statements/artist';

/**
 * The artist's statement of a month: supporting fans (numbered, never named), credits, amount and how it was computed.
 */
export default function ArtistStatement({ initial }: { initial: ArtistStatementData }) {
  const { statement: s, month, loading, error, load } = useMonthStatement(URL, initial);
  const money = (cents: number) => formatCents(cents, s.currency);
  const name = monthName(s.month);
  const figures: Array<[string, string, string]> = [
    ['Supporting fans', String(s.fans), 'artist-statement-fans'],
    ['Credits', String(s.credits), 'artist-statement-credits'],
    ["From fans' credits", money(s.creditsCents), 'artist-statement-from-credits'],
    ["From fans' listening", money(s.listeningCents), 'artist-statement-from-listening'],
    ['Amount', money(s.amountCents), 'artist-statement-amount'],
  ];

  return (
    <section className="mt-5" aria-labelledby="artist-statement-title">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h2 id="artist-statement-title" className="h5 mb-0">
          Your artist statement
        </h2>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <MonthPicker
            id="artist-statement-month"
            months={s.months}
            value={month}
            onChange={(m) => void load(m)}
            disabled={loading}
          />
          <a className="btn btn-sm btn-outline-light" href={`${URL}?month=${s.month}&format=csv`} download>
            Download CSV
          </a>
        </div>
      </div>
      <div className="surface-card p-3 statement-card" aria-busy={loading} aria-live="polite">
        {error ? (
          <p className="text-danger mb-0" role="alert">
            {error}
          </p>
        ) : (
          <>
            <div className="row g-2 mb-3">
              {figures.map(([label, value, testId]) => (
                <div className="col-6 col-md" key={label}>
                  <p className="text-secondary small mb-1">{label}</p>
                  <p className="h5 mb-0" data-testid={testId}>
                    {value}
                  </p>
                </div>
              ))}
            </div>
            <p className="mb-3" data-testid="artist-statement-explanation">
              {s.explanation} <StatementStatus final={s.final} />
            </p>
            {s.lines.length > 0 && (
              <div className="table-responsive" tabIndex={0} role="region" aria-label={`Fan by fan in ${name}`}>
                <table className="table align-middle mb-0 statement-table">
                  <caption>
                    Fan by fan in {name}: fans are numbered, never named{loading ? ' (loading…)' : ''}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Fan</th>
                      <th scope="col" className="text-end">
                        Credits to you (of all they gave)
                      </th>
                      <th scope="col" className="text-end">
                        From their credits
                      </th>
                      <th scope="col" className="text-end">
                        Plays of you (of all they played)
                      </th>
                      <th scope="col" className="text-end">
                        From their listening
                      </th>
                      <th scope="col" className="text-end">
                        Amount
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {s.lines.map((l) => (
                      <tr key={l.fan}>
                        <th scope="row" className="fw-normal text-nowrap">
                          Fan {l.fan}
                        </th>
                        <td className="text-end">{l.fanCredits ? `${l.credits} of ${l.fanCredits}` : '—'}</td>
                        <td className="text-end">{money(l.creditsCents)}</td>
                        <td className="text-end">{l.fanPlays ? `${l.plays} of ${l.fanPlays}` : '—'}</td>
                        <td className="text-end">{money(l.listeningCents)}</td>
                        <td className="text-end">{money(l.amountCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row" className="text-nowrap">
                        {plural(s.fans, 'fan')}
                      </th>
                      <td className="text-end">{s.credits}</td>
                      <td className="text-end">{money(s.creditsCents)}</td>
                      <td className="text-end">{s.plays}</td>
                      <td className="text-end">{money(s.listeningCents)}</td>
                      <td className="text-end fw-bold">{money(s.amountCents)}</td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
