import * as m from '../../../lib/i18n/messages.ts';
import { localList, money } from '../../../lib/i18n/format.ts';
import type { FanStatementData } from './statementTypes.ts';

/**
 * What the fan's pledged and unallocated credits do with their money, said plainly while the month is
 * open (the Credit Vault) and once it is over (their statement); null when they gave all their credits.
 */
export function listeningNote(s: FanStatementData): string | null {
  const pledged = s.pledgedCredits > 0 ? m.credits_pledged_note({ count: s.pledgedCredits }) : null;
  return [pledged, unallocatedNote(s)].filter(Boolean).join(' ') || null;
}

const yes = (flag: boolean) => (flag ? 'yes' : 'no');

function unallocatedNote(s: FanStatementData): string | null {
  const count = s.unallocatedCredits;
  if (count <= 0) return null;
  const final = yes(s.final);
  const gave = yes(s.allocatedCredits + s.pledgedCredits > 0);
  if (!s.followsListening) return m.credits_note_not_following({ count, final, gave });
  const played = s.lines.filter((l) => l.listeningCents > 0);
  if (!played.length) return m.credits_note_nothing_played({ count, final, gave });
  const parts = localList(
    played.map((l) =>
      m.credits_fan_part({
        name: l.name,
        amount: money(l.listeningCents, s.currency),
        basis: m.credits_fan_n_plays({ plays: l.plays }),
      }),
    ),
  );
  return m.credits_note_followed({ count, final, parts });
}
