import { formatShare } from '../money.ts';
import { localList, localMonth, money as localMoney } from '../../../lib/i18n/format.ts';
import { localeHref } from '../../../lib/i18n/runtime.ts';
import { MonthPicker, StatementStatus } from './MonthPicker.tsx';
import { StatementTable } from './StatementTable.tsx';
import { listeningNote } from './listeningNote.ts';
import type { FanStatementData } from './statementTypes.ts';
import { useMonthStatement } from './useMonthStatement.ts';
import FanTransfers from './FanTransfers.tsx';
import * as m from '../../../lib/i18n/messages.ts';

/** What the fan's credits did with their money: all given, or where the rest went (listeningNote). */
function creditsNote(s: FanStatementData): string {
  const note = listeningNote(s);
  if (note) return note;
  return s.final ? m.credits_fan_all_given({ count: s.monthlyCredits }) : m.credits_fan_all_given_month();
}

/** How a line's money came: the credits given, the plays followed, or both. */
function basis(l: FanStatementData['lines'][number]): string {
  const parts = [];
  if (l.credits) parts.push(m.credits_fan_n_credits({ count: l.credits }));
  if (l.listeningCents) parts.push(m.credits_fan_n_plays({ plays: l.plays }));
  return localList(parts);
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
  const money = (cents: number) => localMoney(cents, s.currency);
  const name = localMonth(s.month);
  const parts = localList(
    s.lines.map((l) => m.credits_fan_part({ name: l.name, amount: money(l.amountCents), basis: basis(l) })),
  );
  const totals = { fee: money(s.feeCents), month: name, platform: money(s.platformCents) };
  // The fee came back before the month closed (docs/payouts.md, "Refunds and disputes").
  const summary = s.voided
    ? m.fan_statement_voided({ fee: money(s.feeCents), month: name })
    : s.lines.length
      ? m.credits_fan_summary({ ...totals, artists: money(s.artistsCents), parts })
      : m.credits_fan_summary_none({ ...totals, unallocated: money(s.unallocatedCents) });

  return (
    <section className="mt-4" aria-labelledby="fan-statement-title">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h2 id="fan-statement-title" className="h5 mb-0">
          {m.credits_fan_title()}
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
                {m.credits_fan_trial({ month: name, fee: money(s.feeCents) })}
              </p>
            )}
            <StatementTable
              region={m.credits_fan_where_region({ month: name })}
              caption={m.credits_fan_caption({ fee: money(s.feeCents), month: name })}
              loading={loading}
              className="mb-2"
              testId="fan-statement-table"
            >
              <thead>
                <tr>
                  <th scope="col">{m.credits_fan_col_to()}</th>
                  <th scope="col" className="text-end">
                    {m.credits_amount_label()}
                  </th>
                  <th scope="col" className="text-end">
                    {m.credits_fan_col_listening()}
                  </th>
                  <th scope="col" className="text-end">
                    {m.credits_fan_col_amount()}
                  </th>
                </tr>
              </thead>
              <tbody>
                {s.lines.map((l) => (
                  <tr key={l.artistId}>
                    <th scope="row" className="fw-normal">
                      <a href={localeHref(`/artist/${l.artistId}`)}>{l.name}</a>
                    </th>
                    <td className="text-end">{l.credits}</td>
                    <td className="text-end" data-testid="fan-statement-listening">
                      {l.listeningCents
                        ? m.credits_fan_listening_cell({ amount: money(l.listeningCents), plays: l.plays })
                        : '—'}
                    </td>
                    <td className="text-end">{money(l.amountCents)}</td>
                  </tr>
                ))}
                {s.unallocatedCents > 0 && (
                  <tr>
                    <th scope="row" className="fw-normal">
                      {m.credits_fan_unallocated_row()}
                    </th>
                    <td className="text-end">0</td>
                    <td className="text-end">—</td>
                    <td className="text-end">{money(s.unallocatedCents)}</td>
                  </tr>
                )}
                <tr>
                  <th scope="row" className="fw-normal">
                    {m.credits_fan_platform_row({ share: formatShare(s.platformShare) })}
                  </th>
                  <td className="text-end">—</td>
                  <td className="text-end">—</td>
                  <td className="text-end">{money(s.platformCents)}</td>
                </tr>
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{m.credits_fan_fee_row()}</th>
                  <td className="text-end">{s.allocatedCredits}</td>
                  <td className="text-end">{money(s.listeningCents)}</td>
                  <td className="text-end fw-bold">{money(s.feeCents)}</td>
                </tr>
              </tfoot>
            </StatementTable>
            {s.final && <FanTransfers month={s.month} />}
            <p className="text-secondary small mb-0">
              {creditsNote(s)} {s.final ? m.credits_fan_final() : m.credits_fan_provisional()}{' '}
              <a href={localeHref('/transparency')}>{m.credits_fan_everyone()}</a>.
            </p>
          </>
        )}
      </div>
    </section>
  );
}
