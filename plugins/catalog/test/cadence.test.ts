import { expect } from 'chai';
import { dropRecord, monthIndex, monthOfIndex, RECENT_MONTHS, type DropMark } from '../cadence.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { monthKey } from '../drops.ts';

// The drop record derived from released monthly drops (issue 13): the derivation alone, walked
// across month boundaries with a clock the test sets (monthKey of that moment is the viewer's month).

const drops = (...marks: Array<[string, number]>): DropMark[] => marks.map(([month, day]) => ({ month, day }));
const at = (iso: string) => monthKey(new Date(iso));

describe('catalog: drop record derivation', () => {
  const history = drops(['2026-08', 5], ['2026-09', 4], ['2026-10', 6]);

  it(
    'counts consecutive months; this month only once its drop is out, so the ' + 'streak holds until the month ends',
    () => {
      // Last moment of November without a November drop: August to October still count.
      const lastMoment = dropRecord(history, '2026-07', at('2026-11-30T23:59:59.999Z'));
      expect(lastMoment).to.include({ streak: 3, bestStreak: 3, missed: 0, droppedThisMonth: false });

      // December begins: November ended without a drop, the streak is over and November is missed.
      const nextMonth = dropRecord(history, '2026-07', at('2026-12-01T00:00:00.000Z'));
      expect(nextMonth).to.include({ streak: 0, bestStreak: 3, missed: 1, droppedThisMonth: false });

      // November's drop arrives on its last day: the streak grows to four at once.
      const dropped = dropRecord([...history, { month: '2026-11', day: 30 }], '2026-07', at('2026-11-30T12:00:00Z'));
      expect(dropped).to.include({ streak: 4, bestStreak: 4, missed: 0, droppedThisMonth: true });
      // …and still counts through December until December ends.
      expect(dropRecord([...history, { month: '2026-11', day: 30 }], '2026-07', at('2026-12-31T23:59:59Z'))).to.include(
        {
          streak: 4,
          missed: 0,
        },
      );
      expect(dropRecord([...history, { month: '2026-11', day: 30 }], '2026-07', at('2027-01-01T00:00:00Z'))).to.include(
        {
          streak: 0,
          missed: 1,
        },
      );
      // Lists leave the months strip out.
      expect(lastMoment.recent).to.equal(undefined);
    },
  );

  it('runs across the new year', () => {
    const record = dropRecord(
      drops(['2026-11', 2], ['2026-12', 3], ['2027-01', 1]),
      '2026-10',
      at('2027-01-15T00:00:00Z'),
    );
    expect(record).to.include({ streak: 3, missed: 0, droppedThisMonth: true });
    expect(monthIndex('2027-01') - monthIndex('2026-12')).to.equal(1);
    expect(monthOfIndex(monthIndex('2026-12') + 1)).to.equal('2027-01');
  });

  it('never counts the joining month or the current month as missed, and counts every gap since', () => {
    // Joined late in June, nothing in June: no miss for June; July, September missed; November open.
    const record = dropRecord(
      drops(['2026-08', 10], ['2026-10', 12]),
      '2026-06',
      at('2026-11-03T00:00:00Z'),
      RECENT_MONTHS,
    );
    expect(record).to.include({ streak: 1, bestStreak: 1, missed: 2 });
    expect(record.recent!.slice(-6)).to.deep.equal([
      { month: '2026-06', state: 'before' },
      { month: '2026-07', state: 'missed' },
      { month: '2026-08', state: 'dropped' },
      { month: '2026-09', state: 'missed' },
      { month: '2026-10', state: 'dropped' },
      { month: '2026-11', state: 'open' },
    ]);
    expect(record.recent).to.have.length(12);
    expect(record.recent![0]).to.deep.equal({ month: '2025-12', state: 'before' });

    // Just joined: nothing missed, nothing to show yet.
    expect(dropRecord([], '2026-11', at('2026-11-20T00:00:00Z'))).to.include({
      streak: 0,
      bestStreak: 0,
      missed: 0,
      usualDay: null,
    });
    // Joined in October, no drop yet in November: October is the grace month, nothing missed yet.
    expect(dropRecord([], '2026-10', at('2026-11-20T00:00:00Z'))).to.include({ missed: 0 });
    expect(dropRecord([], '2026-10', at('2026-12-01T00:00:00Z'))).to.include({ missed: 1 });
  });

  it('starts the record at the first drop when the back catalogue predates joining', () => {
    const record = dropRecord(
      drops(['2026-01', 9], ['2026-02', 9], ['2026-04', 9]),
      '2026-10',
      at('2026-11-10T00:00:00Z'),
    );
    // March and May to October are missed (7 months), the best run is January–February.
    expect(record).to.include({ streak: 0, bestStreak: 2, missed: 7 });
  });

  it('takes a drop already out in the next month (a viewer just behind the release) as this month', () => {
    const record = dropRecord(drops(['2026-10', 1], ['2026-11', 1], ['2026-12', 1]), '2026-09', '2026-11', 3);
    expect(record).to.include({ streak: 3, droppedThisMonth: true, missed: 0 });
    expect(record.recent).to.deep.equal([
      { month: '2026-10', state: 'dropped' },
      { month: '2026-11', state: 'dropped' },
      { month: '2026-12', state: 'dropped' },
    ]);
  });

  it('gives the usual day as the median day of the latest twelve drops', () => {
    expect(dropRecord(drops(['2026-08', 5], ['2026-09', 4], ['2026-10', 28]), '2026-07', '2026-11').usualDay).to.equal(
      5,
    );
    // Even count: the lower middle one.
    expect(
      dropRecord(drops(['2026-08', 1], ['2026-09', 1], ['2026-10', 15], ['2026-11', 28]), '2026-07', '2026-11')
        .usualDay,
    ).to.equal(1);
    // Old habits fade: only the latest twelve drops decide.
    const old = Array.from({ length: 12 }, (_, i): DropMark => ({
      month: monthOfIndex(monthIndex('2024-01') + i),
      day: 2,
    }));
    const recent = Array.from({ length: 12 }, (_, i): DropMark => ({
      month: monthOfIndex(monthIndex('2025-01') + i),
      day: 20,
    }));
    expect(dropRecord([...old, ...recent], '2024-01', '2026-01').usualDay).to.equal(20);
  });

  it('writes ordinals (the English message, by the language’s ordinal rules)', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map((day) => m.record_usual_day({ day }))).to.deep.equal([
      'the 1st',
      'the 2nd',
      'the 3rd',
      'the 4th',
      'the 11th',
      'the 12th',
      'the 13th',
      'the 21st',
      'the 22nd',
      'the 23rd',
      'the 31st',
    ]);
  });
});
