import { localMonth, money as localMoney } from '../../../lib/i18n/format.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { MonthPicker, StatementStatus } from './MonthPicker.tsx';
import { StatementTable } from './StatementTable.tsx';
import type { ArtistStatementData } from './statementTypes.ts';
import { useMonthStatement } from './useMonthStatement.ts';

const URL = '/api/credits/statements/artist';

/**
 * The artist's statement of a month: supporting fans (numbered, never named), credits, amount and how it was computed.
 */
export default function ArtistStatement({ initial }: { initial: ArtistStatementData }) {
  const { statement: s, month, loading, error, load } = useMonthStatement(URL, initial);
  const money = (cents: number) => localMoney(cents, s.currency);
  const name = localMonth(s.month);
  const figures: Array<[string, string, string]> = [
    [m.credits_artist_fans(), String(s.fans), 'artist-statement-fans'],
    [m.credits_artist_credits(), String(s.credits), 'artist-statement-credits'],
    [m.credits_artist_from_credits(), money(s.creditsCents), 'artist-statement-from-credits'],
    [m.credits_artist_from_listening(), money(s.listeningCents), 'artist-statement-from-listening'],
    [m.credits_artist_amount(), money(s.amountCents), 'artist-statement-amount'],
  ];

  return (
    <section className="mt-5" aria-labelledby="artist-statement-title">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h2 id="artist-statement-title" className="h5 mb-0">
          {m.credits_artist_title()}
        </h2>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <MonthPicker
            id="artist-statement-month"
            months={s.months}
            value={month}
            onChange={(picked) => void load(picked)}
            disabled={loading}
          />
          <a className="btn btn-sm btn-outline-light" href={`${URL}?month=${s.month}&format=csv`} download>
            {m.credits_artist_download_csv()}
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
              <StatementTable
                region={m.credits_artist_region({ month: name })}
                caption={m.credits_artist_caption({ month: name })}
                loading={loading}
                className="mb-0"
              >
                <thead>
                  <tr>
                    <th scope="col">{m.credits_artist_col_fan()}</th>
                    <th scope="col" className="text-end">
                      {m.credits_artist_col_credits()}
                    </th>
                    <th scope="col" className="text-end">
                      {m.credits_artist_col_from_credits()}
                    </th>
                    <th scope="col" className="text-end">
                      {m.credits_artist_col_plays()}
                    </th>
                    <th scope="col" className="text-end">
                      {m.credits_artist_col_from_listening()}
                    </th>
                    <th scope="col" className="text-end">
                      {m.credits_artist_amount()}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {s.lines.map((l) => (
                    <tr key={l.fan}>
                      <th scope="row" className="fw-normal text-nowrap">
                        {m.credits_artist_fan_row({ fan: l.fan })}
                      </th>
                      <td className="text-end">
                        {l.fanCredits ? m.credits_artist_of({ part: l.credits, all: l.fanCredits }) : '—'}
                      </td>
                      <td className="text-end">{money(l.creditsCents)}</td>
                      <td className="text-end">
                        {l.fanPlays ? m.credits_artist_of({ part: l.plays, all: l.fanPlays }) : '—'}
                      </td>
                      <td className="text-end">{money(l.listeningCents)}</td>
                      <td className="text-end">{money(l.amountCents)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" className="text-nowrap">
                      {m.credits_artist_n_fans({ count: s.fans })}
                    </th>
                    <td className="text-end">{s.credits}</td>
                    <td className="text-end">{money(s.creditsCents)}</td>
                    <td className="text-end">{s.plays}</td>
                    <td className="text-end">{money(s.listeningCents)}</td>
                    <td className="text-end fw-bold">{money(s.amountCents)}</td>
                  </tr>
                </tfoot>
              </StatementTable>
            )}
          </>
        )}
      </div>
    </section>
  );
}
