import { xmlText, XML_DECLARATION } from './xml.ts';

// Atom 1.0 documents (RFC 4287) of drops: every feed and entry carries the required id, title and
// updated, the feed an author and its own address (rel="self"), each entry its artist as author,
// its page (rel="alternate") and its audio (rel="enclosure"), so podcast-style readers can play it.

export interface AtomPerson {
  name: string;
  uri?: string;
}

export interface AtomEntry {
  id: string;
  title: string;
  /** RFC 3339 moments (toISOString). */
  published: string;
  updated: string;
  author: AtomPerson;
  link: string;
  enclosure: { href: string; type: string } | null;
  summary: string;
  category?: string;
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle: string;
  updated: string;
  self: string;
  alternate: string;
  author: AtomPerson;
  icon: string;
  entries: AtomEntry[];
}

const person = (tag: string, p: AtomPerson) =>
  `<${tag}><name>${xmlText(p.name)}</name>${p.uri ? `<uri>${xmlText(p.uri)}</uri>` : ''}</${tag}>`;

function entry(e: AtomEntry): string {
  return [
    '  <entry>',
    `    <id>${xmlText(e.id)}</id>`,
    `    <title>${xmlText(e.title)}</title>`,
    `    <published>${xmlText(e.published)}</published>`,
    `    <updated>${xmlText(e.updated)}</updated>`,
    `    ${person('author', e.author)}`,
    `    <link rel="alternate" type="text/html" href="${xmlText(e.link)}"/>`,
    e.enclosure
      ? `    <link rel="enclosure" type="${xmlText(e.enclosure.type)}" href="${xmlText(e.enclosure.href)}"/>`
      : '',
    e.category ? `    <category term="${xmlText(e.category)}"/>` : '',
    `    <summary type="text">${xmlText(e.summary)}</summary>`,
    '  </entry>',
  ]
    .filter(Boolean)
    .join('\n');
}

export function atomFeed(feed: AtomFeed): string {
  return [
    XML_DECLARATION,
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlText(feed.id)}</id>`,
    `  <title>${xmlText(feed.title)}</title>`,
    `  <subtitle>${xmlText(feed.subtitle)}</subtitle>`,
    `  <updated>${xmlText(feed.updated)}</updated>`,
    `  ${person('author', feed.author)}`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(feed.self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(feed.alternate)}"/>`,
    `  <icon>${xmlText(feed.icon)}</icon>`,
    '  <generator>OneTrack</generator>',
    ...feed.entries.map(entry),
    '</feed>',
    '',
  ].join('\n');
}
