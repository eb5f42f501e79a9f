import type { APIRoute } from 'astro';
import { TZ_COOKIE, viewerOf } from '../viewer.ts';

// Every artist and every released track, for search engines (robots.txt points here).
export const GET: APIRoute = async ({ locals, url, cookies }) => {
  const { artists, tracks } = await locals.services.catalog.sitemapEntries(viewerOf(locals.user?.id, cookies.get(TZ_COOKIE)?.value));
  const entry = (path: string, lastmod?: string) =>
    `<url><loc>${new URL(path, url.origin).href}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
  const urls = [
    entry('/'),
    entry('/discover'),
    entry('/artists'),
    ...artists.map((a) => entry(`/artist/${a.id}`)),
    ...tracks.map((t) => entry(`/tracks/${t.id}`, t.uploadDate)),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
