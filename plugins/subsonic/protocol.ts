// The Subsonic response envelope in its two formats. Handlers return plain objects shaped as the
// JSON format is; the XML format is derived from them by the protocol's rule: a scalar is an
// attribute, an object a child element, an array repeated child elements of its key's name (an
// array of scalars gives elements with text, as OpenSubsonic's `versions`), and a `value` key is the
// element's text (a genre's name), as the JSON format names it. A few scalars are elements with text in
// the XML schema (an artist's biography): TEXT_ELEMENTS.

export const API_VERSION = '1.16.1';
export const SERVER_TYPE = 'onetrack';
export const SERVER_VERSION = '0.1.0';

/** The protocol's error codes (Subsonic API, "Error handling"). */
export const CODE = {
  generic: 0,
  missingParameter: 10,
  clientTooNew: 30,
  wrongCredentials: 40,
  mechanismNotSupported: 42,
  conflictingAuth: 43,
  invalidApiKey: 44,
  notAuthorized: 50,
  notFound: 70,
} as const;

/** An error the client sees as `status="failed"` with this code (HTTP 200, as the protocol does). */
export class SubsonicError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

export const missing = (name: string) =>
  new SubsonicError(CODE.missingParameter, `Required parameter is missing: ${name}`);
export const notFoundError = (what: string) => new SubsonicError(CODE.notFound, `${what} not found`);

export type Payload = Record<string, unknown>;
export type Format = 'xml' | 'json';

function envelope(status: 'ok' | 'failed', payload: Payload): Payload {
  return {
    status,
    version: API_VERSION,
    type: SERVER_TYPE,
    serverVersion: SERVER_VERSION,
    openSubsonic: true,
    ...payload,
  };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
// Characters XML 1.0 cannot carry at all (a title could hold them): dropped.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const escapeXml = (value: unknown) =>
  String(value)
    .replace(NOT_XML, '')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
const isScalar = (value: unknown) => value === null || typeof value !== 'object';
const TEXT_ELEMENTS = new Set(['biography']);
const isAttribute = ([key, value]: [string, unknown]) => isScalar(value) && key !== 'value' && !TEXT_ELEMENTS.has(key);

function element(name: string, value: unknown): string {
  if (isScalar(value)) return `<${name}>${escapeXml(value)}</${name}>`;
  const entries = Object.entries(value as Payload).filter(([, v]) => v !== undefined && v !== null);
  const attributes = entries
    .filter(isAttribute)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  const text = entries.find(([k, v]) => k === 'value' && isScalar(v));
  const children =
    entries
      .filter((entry) => !isAttribute(entry) && entry[0] !== 'value')
      .map(([k, v]) => (Array.isArray(v) ? v.map((item) => element(k, item)).join('') : element(k, v)))
      .join('') + (text ? escapeXml(text[1]) : '');
  return children ? `<${name}${attributes}>${children}</${name}>` : `<${name}${attributes}/>`;
}

/** The body and content type of an answer in the requested format. */
export function render(format: Format, status: 'ok' | 'failed', payload: Payload): { body: string; type: string } {
  const response = envelope(status, payload);
  if (format === 'json')
    return { body: JSON.stringify({ 'subsonic-response': response }), type: 'application/json; charset=utf-8' };
  const xml = element('subsonic-response', response).replace(
    '<subsonic-response',
    '<subsonic-response xmlns="http://subsonic.org/restapi"',
  );
  return { body: `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`, type: 'text/xml; charset=utf-8' };
}

export function renderError(format: Format, error: SubsonicError) {
  return render(format, 'failed', { error: { code: error.code, message: error.message } });
}
