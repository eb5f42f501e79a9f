import { plural } from '../../../lib/format.ts';
import { formatCents, formatShare } from '../money.ts';
import { monthName } from '../months.ts';
import { MonthPicker, StatementStatus } from './MonthPicker.tsx';
import { listeningNote } from './listeningNote.ts';
import type { FanStatementData } from './statementTypes.ts';
import { useMonthStatement } from './useMonthStatement.ts';
import FanTransfers from './FanTransfers.tsx';
import * as m from '../../../lib/i18n/messages.ts';

/** What the fan's credits did with their money: all given, or where the rest went (listeningNote). */
function creditsNote(s: FanStatementData): string {
  const note = listeningNote(s);
  if (note) return note;
  return s.final
    ? `You gave all your ${plural(s.monthlyCredits, 'credit')}.`
    : 'You have given all your credits this month.';
}

/** How a line's money came: the credits given, the plays followed, or both. */
function basis(l: FanStatementData['lines'][number]): string {
  const parts = [];
  if (l.credits) parts.push(plural(l.credits, 'credit'));
  if (l.listeningCents) parts.push(plural(l.plays, 'play'));
  return parts.join(', ');
}

/** The fan's statement of a month: where their fee went, in whole cents that add up to it. */
export function FanStatement({ initial, refreshKey }: { initial: FanStatementData; refreshKey: unknown }) {
  const {
    statement: s,
    month,
    loading,
    error,
    load,
  } = useMonthStatement('/api/credits/statements/fan', initial, refreshKey);
  const money = (cents: number) => formatCents(cents, s.currency);
  const name = monthName(s.month);
  const parts = s.lines.map((l) => `${l.name} ${money(l.amountCents)} (${basis(l)})`);
  // The fee came back before the month closed (docs/payouts.md, "Refunds and disputes").
  const summary = s.voided
    ? m.fan_statement_voided({ fee: money(s.feeCents), month: name })
    : s.lines.length
      ? `Your ${money(s.feeCents)} in ${name} → ${money(s.artistsCents)} to ` +
        `artists: ${parts.join(', ')}; platform ${money(s.platformCents)}`
      : `Your ${money(s.feeCents)} in ${name} → ${money(s.unallocatedCents)} ` +
        `unallocated, platform ${money(s.platformCents)}`;

  return (
    <section className="mt-4" aria-labelledby="fan-statement-title">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h2 id="fan-statement-title" className="h5 mb-0">
          Your statement
        </h2>
        <MonthPicker
          id="fan-statement-month"
          months={s.months}
          value={month}
          onChange={(next) => void load(next)}
          disabled={loading}
        />
      </div>
      <div className="surface-card p-3 statement-card" aria-busy={loading} aria-live="polite">
        {error ? (
          <p className="text-danger mb-0" role="alert">
            {error}
          </p>
        ) : (
          <>
            <p className="statement-summary mb-2" data-testid="fan-statement-summary">
              {summary} <StatementStatus final={s.final} />
            </p>
            {s.trial && (
              <p className="small text-secondary mb-2" data-testid="fan-statement-trial">
                {name} was your included first month: OneTrack paid this {money(s.feeCents)} into the pool itself, so
                the artists you chose are paid as for any member.
              </p>
            )}
            {/* Scrolls sideways on a phone: focusable so that the keyboard can scroll it too. */}
            <div
              className="table-responsive"
              tabIndex={0}
              role="region"
              aria-label={`Where your money went in ${name}`}
            >
              <table className="table align-middle mb-2 statement-table" data-testid="fan-statement-table">
                <caption>
                  Where your {money(s.feeCents)} went in {name}
                  {loading ? ' (loading…)' : ''}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">To</th>
                    <th scope="col" className="text-end">
                      Credits
                    </th>
                    <th scope="col" className="text-end">
                      From your listening
                    </th>
                    <th scope="col" className="text-end">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {s.lines.map((l) => (
                    <tr key={l.artistId}>
                      <th scope="row" className="fw-normal">
                        <a href={`/artist/${l.artistId}`}>{l.name}</a>
                      </th>
                      <td className="text-end">{l.credits}</td>
                      <td className="text-end" data-testid="fan-statement-listening">
                        {l.listeningCents ? `${money(l.listeningCents)} (${plural(l.plays, 'play')})` : '—'}
                      </td>
                      <td className="text-end">{money(l.amountCents)}</td>
                    </tr>
                  ))}
                  {s.unallocatedCents > 0 && (
                    <tr>
                      <th scope="row" className="fw-normal">
                        Unallocated (nothing chosen or played)
                      </th>
                      <td className="text-end">0</td>
                      <td className="text-end">—</td>
                      <td className="text-end">{money(s.unallocatedCents)}</td>
                    </tr>
                  )}
                  <tr>
                    <th scope="row" className="fw-normal">
                      Platform ({formatShare(s.platformShare)})
                    </th>
                    <td className="text-end">—</td>
                    <td className="text-end">—</td>
                    <td className="text-end">{money(s.platformCents)}</td>
                  </tr>
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">Your fee</th>
                    <td className="text-end">{s.allocatedCredits}</td>
                    <td className="text-end">{money(s.listeningCents)}</td>
                    <td className="text-end fw-bold">{money(s.feeCents)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
            {s.final && <FanTransfers month={s.month} />}
            <p className="text-secondary small mb-0">
              {creditsNote(s)}{' '}
              {s.final ? 'This statement is final.' : 'Figures are provisional ' + 'until the month ends.'}{' '}
              <a href="/transparency">See where everyone’s money went</a>.
            </p>
          </>
        )}
      </div>
    </section>
  );
}
