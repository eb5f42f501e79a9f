import { XMLParser, XMLValidator } from 'fast-xml-parser';

// Spec checks the tests run on what the server answers: an Atom document against RFC 4287's
// requirements (beyond what a lenient feed reader forgives), an oEmbed answer against oembed.com.

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const ATOM_NS = 'http://www.w3.org/2005/Atom';
const isIri = (value: unknown) => typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\S+$/i.test(value);

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]) as Node[];
const text = (value: unknown) => (typeof value === 'object' && value !== null ? (value as Node)['#text'] : value);

/** RFC 4287 section 4.1: what every feed and entry must carry; returns the violations found. */
export function atomErrors(xml: string): string[] {
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) return [`not well-formed: ${wellFormed.err.msg} (line ${wellFormed.err.line})`];
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml);
  const feed = doc.feed as Node | undefined;
  if (!feed) return ['the root element is not <feed>'];
  const errors: string[] = [];
  if (feed['@xmlns'] !== ATOM_NS) errors.push(`<feed> is not in the Atom namespace (${String(feed['@xmlns'])})`);

  const once = (node: Node, name: string, where: string) => {
    const found = list(node[name]);
    if (found.length !== 1) errors.push(`${where} must have exactly one <${name}>, has ${found.length}`);
    return found[0];
  };
  const checkCommon = (node: Node, where: string) => {
    if (!isIri(text(once(node, 'id', where)))) errors.push(`${where} <id> is not an absolute IRI`);
    if (!String(text(once(node, 'title', where)) ?? '').trim()) errors.push(`${where} <title> is empty`);
    if (!RFC3339.test(String(text(once(node, 'updated', where)))))
      errors.push(`${where} <updated> is not an RFC 3339 date`);
    for (const person of list(node.author))
      if (!String(person.name ?? '').trim()) errors.push(`${where} <author> has no <name>`);
    const alternates = list(node.link).filter((l) => (l['@rel'] ?? 'alternate') === 'alternate');
    const types = alternates.map((l) => `${l['@type'] ?? ''} ${l['@hreflang'] ?? ''}`);
    if (new Set(types).size !== types.length) errors.push(`${where} has two alternate links of one type and language`);
    for (const link of list(node.link)) if (!link['@href']) errors.push(`${where} has a <link> without href`);
  };

  checkCommon(feed, 'the feed');
  if (!list(feed.link).some((l) => l['@rel'] === 'self'))
    errors.push('the feed should have a rel="self" link (section 4.1.1)');
  const entries = list(feed.entry);
  if (!list(feed.author).length && entries.some((e) => !list(e.author).length))
    errors.push('the feed has no <author> and an entry has none either');
  entries.forEach((entry, i) => {
    const where = `entry ${i + 1}`;
    checkCommon(entry, where);
    if (entry.published !== undefined && !RFC3339.test(String(text(entry.published))))
      errors.push(`${where} <published> is not an RFC 3339 date`);
    if (!entry.content && !list(entry.link).some((l) => (l['@rel'] ?? 'alternate') === 'alternate'))
      errors.push(`${where} has neither <content> nor an alternate link`);
  });
  const ids = entries.map((e) => text(e.id));
  if (new Set(ids).size !== ids.length) errors.push('two entries share an <id>');
  return errors;
}

/** oembed.com sections 2.3.4 and 2.3.4.4 for a rich answer, within the consumer's bounds. */
export function oembedErrors(body: Record<string, unknown>, max: { width?: number; height?: number } = {}): string[] {
  const errors: string[] = [];
  if (body.version !== '1.0') errors.push('version must be "1.0"');
  if (body.type !== 'rich') errors.push('type must be "rich"');
  for (const name of ['html']) if (typeof body[name] !== 'string' || !body[name]) errors.push(`${name} is required`);
  for (const name of ['width', 'height'])
    if (!Number.isInteger(body[name]) || (body[name] as number) <= 0) errors.push(`${name} must be a positive integer`);
  for (const name of ['title', 'author_name', 'author_url', 'provider_name', 'provider_url']) {
    if (body[name] !== undefined && typeof body[name] !== 'string') errors.push(`${name} must be a string`);
  }
  for (const name of ['author_url', 'provider_url', 'thumbnail_url'])
    if (body[name] !== undefined && !isIri(body[name])) errors.push(`${name} must be a URL`);
  if (body.cache_age !== undefined && !(Number.isInteger(body.cache_age) && (body.cache_age as number) >= 0))
    errors.push('cache_age must be whole seconds');
  const thumbs = ['thumbnail_url', 'thumbnail_width', 'thumbnail_height'].filter((name) => body[name] !== undefined);
  if (thumbs.length !== 0 && thumbs.length !== 3)
    errors.push('thumbnail_url, thumbnail_width and thumbnail_height come together');
  if (
    max.width !== undefined &&
    ((body.width as number) > max.width || ((body.thumbnail_width as number) ?? 0) > max.width)
  )
    errors.push(`wider than maxwidth ${max.width}`);
  if (
    max.height !== undefined &&
    ((body.height as number) > max.height || ((body.thumbnail_height as number) ?? 0) > max.height)
  )
    errors.push(`higher than maxheight ${max.height}`);
  // "The markup should be valid XHTML 1.0 Basic": at least well-formed.
  if (typeof body.html === 'string' && XMLValidator.validate(body.html) !== true)
    errors.push('html is not well-formed XHTML');
  const known = new Set([
    'type',
    'version',
    'title',
    'author_name',
    'author_url',
    'provider_name',
    'provider_url',
    'cache_age',
    'thumbnail_url',
    'thumbnail_width',
    'thumbnail_height',
    'html',
    'width',
    'height',
  ]);
  for (const name of Object.keys(body)) if (!known.has(name)) errors.push(`unexpected field ${name}`);
  return errors;
}
