import { expect } from 'chai';
import { sourceOfPage } from '../client/playReports.ts';
import { FEED_LANDING } from '../../syndication/rules.ts';

// The player's reading of where a play began (issue 21): from the page's own address, never a referrer.

const at = (href: string) => {
  const url = new URL(href, 'https://onetrack.example');
  return sourceOfPage({ pathname: url.pathname, search: url.search });
};

describe('insights: the source of a play, from the page it began on', () => {
  it('names each source the issue lists', () => {
    expect(at('/')).to.deep.equal({ source: 'home' });
    expect(at('/tracks/12')).to.deep.equal({ source: 'track' });
    expect(at('/artist/3')).to.deep.equal({ source: 'artist' });
    expect(at('/search?q=tide')).to.deep.equal({ source: 'search' });
    expect(at('/embed/tracks/12')).to.deep.equal({ source: 'embed' });
    expect(at('/embed/artists/3')).to.deep.equal({ source: 'embed' });
    expect(at('/discover')).to.deep.equal({ source: 'other' });
    expect(at(`/preview/${'a'.repeat(43)}`)).to.deep.equal({ source: 'private', link: 'a'.repeat(43) });
  });

  it('reads a feed landing on whatever page the feed links to', () => {
    expect(at(`/tracks/12?${FEED_LANDING}`)).to.deep.equal({ source: 'feed' });
    expect(at(`/artist/3?${FEED_LANDING}`)).to.deep.equal({ source: 'feed' });
    expect(at('/tracks/12?from=elsewhere')).to.deep.equal({ source: 'track' });
  });
});
