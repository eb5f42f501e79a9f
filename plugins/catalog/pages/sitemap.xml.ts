import type { APIRoute } from 'astro';
import { localePath, LOCALES } from '../../../lib/i18n/locales.ts';
import { pageViewer } from '../viewer.ts';

// Every artist and every released track, for search engines (robots.txt points here), each with
// when it last changed; the home page and Discover change with the newest release. Each page once,
// at its English (x-default) URL, naming its URL in every language (issue 43): seven entries a page
// would pass the format's 50,000 URLs a file seven times sooner.
export const GET: APIRoute = async ({ locals, request }) => {
  const { artists, tracks } = await locals.services.catalog.sitemapEntries(pageViewer({ locals, request }));
  const url = (path: string) => new URL(path, locals.origin).href;
  const alternates = (path: string) =>
    [...LOCALES.map((lang) => [lang, localePath(lang, path)]), ['x-default', path]]
      .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${url(href)}"/>`)
      .join('');
  const entry = (path: string, lastmod?: string) =>
    `<url><loc>${url(path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alternates(path)}</url>`;
  const newest = (dates: string[]) =>
    dates.reduce<string | undefined>((latest, d) => (!latest || d > latest ? d : latest), undefined);
  const newestRelease = newest(tracks.map((t) => t.uploadDate));
  const urls = [
    entry('/', newestRelease),
    entry('/discover', newestRelease),
    entry('/artists', newest(artists.map((a) => a.lastmod))),
    ...artists.map((a) => entry(`/artist/${a.id}`, a.lastmod)),
    ...tracks.map((t) => entry(`/tracks/${t.id}`, t.uploadDate)),
  ];
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ` +
    `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ` +
    `xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
