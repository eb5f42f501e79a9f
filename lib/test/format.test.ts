import { expect } from 'chai';
import { monthName, plural } from '../format.ts';

describe('plural()', () => {
  it('puts the noun in the form its count needs', () => {
    expect(plural(0, 'listener')).to.equal('0 listeners');
    expect(plural(1, 'listener')).to.equal('1 listener');
    expect(plural(2, 'credit')).to.equal('2 credits');
    expect(plural(1200, 'credit')).to.equal('1,200 credits');
    expect(plural(1, 'unread message')).to.equal('1 unread message');
    expect(plural(3, 'person', 'people')).to.equal('3 people');
  });
});

describe('monthName()', () => {
  it('names a month key in words, in UTC whatever the zone', () => {
    expect(monthName('2026-11')).to.equal('November 2026');
    expect(monthName('2027-01')).to.equal('January 2027');
    expect(monthName('2026-12')).to.equal('December 2026');
  });
});
