import { plural } from '../../../lib/format.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { formatCents } from '../money.ts';
import type { FanStatementData } from './statementTypes.ts';

/**
 * What the fan's pledged and unallocated credits do with their money, said plainly while the month is
 * open (the Credit Vault) and once it is over (their statement); null when they gave all their credits.
 */
export function listeningNote(s: FanStatementData): string | null {
  const pledged = s.pledgedCredits > 0 ? m.credits_pledged_note({ count: s.pledgedCredits }) : null;
  return [pledged, unallocatedNote(s)].filter(Boolean).join(' ') || null;
}

function unallocatedNote(s: FanStatementData): string | null {
  const left = s.unallocatedCredits;
  if (left <= 0) return null;
  const credits = `Your ${plural(left, 'unallocated credit')}`;
  const gave = s.allocatedCredits + s.pledgedCredits > 0;
  if (!s.followsListening) {
    if (s.final)
      return gave
        ? `${credits} did not follow your listening: they went to the artists you gave credits to.`
        : `${credits} did not follow your listening: your money stayed unallocated.`;
    return gave
      ? `${credits} do not follow your listening: they go to the artists you gave credits to.`
      : `${credits} do not follow your listening: if you give none, your money stays unallocated.`;
  }
  const money = (cents: number) => formatCents(cents, s.currency);
  const played = s.lines.filter((l) => l.listeningCents > 0);
  const parts = played.map((l) => `${l.name} ${money(l.listeningCents)} (${plural(l.plays, 'play')})`).join(', ');
  if (s.final)
    return played.length
      ? `${credits} followed your listening: ${parts}.`
      : `${credits} followed your listening, but you played nothing that counts, so ` +
          `${gave ? 'they went to the artists you gave credits to' : 'your money stayed unallocated'}.`;
  return played.length
    ? `${credits} follow your listening: ${parts} so far. Give ` +
        `them to artists before the month ends to choose yourself.`
    : `${credits} follow your listening: nothing played yet this month. Plays of 30 seconds or more count; if you ` +
        `play nothing, ${gave ? 'they go to the artists you gave credits to' : 'your money stays unallocated'}.`;
}
