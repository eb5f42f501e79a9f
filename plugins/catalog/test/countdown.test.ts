import { expect } from 'chai';
import { compactCountdown, fullCountdown } from '../countdown.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { dropLabel, joinedMonth, monthKey } from '../drops.ts';

const s = 1000;
const DAY = 86_400 * s;

describe('countdowns and the monthly rhythm', () => {
  it('compact: days only above 0, then HH:MM:SS; LIVE! at zero and after', () => {
    expect(compactCountdown(3 * DAY + 4 * 3600 * s + 5 * 60 * s + 6 * s)).to.equal('3d 04:05:06');
    expect(compactCountdown(59 * s)).to.equal('00:00:59');
    expect(compactCountdown(DAY - s)).to.equal('23:59:59');
    expect(compactCountdown(0)).to.equal('LIVE!');
    expect(compactCountdown(-5 * s)).to.equal('LIVE!');
  });

  it('full: four two-digit boxes (Days, Hours, Mins, Secs)', () => {
    expect(fullCountdown(12 * DAY + 3 * 3600 * s + 7 * s)).to.deep.equal(['12', '03', '00', '07']);
    expect(fullCountdown(-1)).to.deep.equal(['00', '00', '00', '00']);
    expect(m.countdown_available()).to.equal('Drop Available Now!');
  });

  it('a month key is the UTC calendar month', () => {
    expect(monthKey(new Date('2026-01-31T23:59:59Z'))).to.equal('2026-01');
  });

  it('calls a monthly drop NEW DROP only in its own month, then names its month', () => {
    expect(dropLabel('2026-11', '2026-11')).to.equal('NEW DROP');
    expect(dropLabel('2026-10', '2026-11')).to.equal('Monthly drop · Oct 2026');
    expect(dropLabel('2026-12', '2027-01')).to.equal('Monthly drop · Dec 2026');
    expect(dropLabel(null, '2026-11')).to.equal(null);
  });

  it('names the join month in words', () => {
    expect(joinedMonth(Date.parse('2026-03-09T12:00:00Z'))).to.equal('March 2026');
  });
});
