// Content negotiation shared by the page cache and the build's assets.

type Encoding = 'br' | 'gzip' | 'identity';
const encodings = new Map<string, Encoding>();

/**
 * What a compressible body (a cached page or API read, a build asset) is sent in: br or gzip,
 * whichever the client wants more, br on a tie. Browsers list gzip first with the same weight
 * ("gzip, deflate, br, zstd"), and the usual negotiation, which breaks ties by the client's order,
 * picked gzip: up to twice the bytes of br for a large JSON list.
 * Clients send few distinct headers, so each is parsed once.
 */
export function preferredEncoding(header: string): Encoding {
  let chosen = encodings.get(header);
  if (chosen) return chosen;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name) weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const [br, gzip] = [weight('br'), weight('gzip')];
  chosen = br > 0 && br >= gzip ? 'br' : gzip > 0 ? 'gzip' : 'identity';
  if (encodings.size < 100) encodings.set(header, chosen);
  return chosen;
}
