// Text for XML documents (Atom feeds, oEmbed's XML answers): escaped, and without the control
// characters XML 1.0 forbids (a title typed with one must not break every feed reader).

// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function xmlText(value: string | number): string {
  return String(value)
    .replace(FORBIDDEN, '')
    .replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';
