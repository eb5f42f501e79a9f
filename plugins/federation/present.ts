// Pure helpers that turn OneTrack's rows into what remote servers read: media types by file name,
// escaped HTML (nothing stored is trusted as markup, ours or a remote server's) and hashtags.

const MEDIA_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  mp4: 'audio/mp4',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

export function mediaTypeOf(url: string): string | null {
  const extension = /\.([a-z0-9]+)(?:$|[?#])/i.exec(url)?.[1]?.toLowerCase();
  return (extension && MEDIA_TYPES[extension]) || null;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A bio as paragraphs of escaped text. */
export function paragraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** Hashtag names (without '#') from a genre and tags: letters, digits and underscores, each once. */
export function hashtagNames(words: Array<string | null | undefined>): string[] {
  const names = words
    .filter((w): w is string => typeof w === 'string')
    .map((w) => w.normalize('NFKC').replace(/[^\p{L}\p{N}_]+/gu, ''))
    .filter((w) => w.length > 0 && w.length <= 60);
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The tags of a track's metadata JSON (releases' `metadata.tags`), or none. */
export function metadataTags(metadata: unknown): string[] {
  if (typeof metadata !== 'string') return [];
  try {
    const tags = (JSON.parse(metadata) as { tags?: unknown }).tags;
    return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** `@user@host` of a remote actor, from its preferred username and id. */
export function handleOf(preferredUsername: string | null | undefined, actorId: URL): string {
  const name = preferredUsername?.replace(/[^\p{L}\p{N}_.-]/gu, '') || actorId.pathname.split('/').pop() || 'unknown';
  return `@${name}@${actorId.host}`;
}
