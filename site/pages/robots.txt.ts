import type { APIRoute } from 'astro';

// Crawlers may read every public page; account and tool screens are not worth indexing.
export const GET: APIRoute = ({ locals }) =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /admin',
      'Disallow: /messages',
      'Disallow: /profile',
      'Disallow: /credits',
      'Disallow: /upload',
      '',
      `Sitemap: ${new URL('/sitemap.xml', locals.origin).href}`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
