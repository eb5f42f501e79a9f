import { expect } from 'chai';
import { XMLParser } from 'fast-xml-parser';
import SubsonicAPI from 'subsonic-api';
import type { TestClient } from '../../../api/test/client.ts';
import type { Kernel } from '../../../api/plugins/types.ts';
import { JOB, releaseJobs } from '../../releases/jobs.ts';
import { releaseForm, uploadAudio, uploadImage } from '../../releases/test/fixtures.ts';

// A published track with its AAC stream made (the transcode job run here, as tests run no worker),
// app passwords made through Settings' API, and Subsonic calls through the `subsonic-api` client
// from npm in either format: JSON as it asks for it, XML by overriding its `f` and parsing the XML.

export async function publishTrack(client: TestClient, kernel: Kernel, title: string): Promise<number> {
  const audio = await uploadAudio(client);
  const cover = await uploadImage(client);
  const res = await client.post('/api/tracks', releaseForm(audio.url, cover, { title, isMonthlyDrop: false }));
  expect(res.status, res.text).to.equal(201);
  await releaseJobs[JOB.transcode]({ trackId: res.body.id }, kernel);
  return res.body.id;
}

export async function newAppPassword(client: TestClient, name = 'Symfonium'): Promise<string> {
  const res = await client.post('/api/subsonic/app-passwords', { name });
  expect(res.status, res.text).to.equal(201);
  return res.body.password;
}

/**
 * Elements that are lists in the protocol's XML below the top level (the JSON format has arrays for them); text is
 * `value`, as in JSON.
 */
const LISTS = new Set([
  'index',
  'artist',
  'album',
  'song',
  'entry',
  'musicFolder',
  'openSubsonicExtensions',
  'versions',
  'genres',
  'isrc',
  'folder',
  'releaseTypes',
  'child',
  'genre',
]);
const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: true,
  textNodeName: 'value',
  isArray: (name, path, _leaf, isAttribute) => !isAttribute && LISTS.has(name) && String(path).split('.').length > 2,
});

export type Format = 'json' | 'xml';

export interface SubsonicSession {
  api: SubsonicAPI;
  /** The `subsonic-response` object of a call, in this session's format. */
  call(method: string, params?: Record<string, unknown>): Promise<any>;
  /** Headers the next requests carry (a Range). */
  headers: Record<string, string>;
}

export function subsonicSession(
  url: string,
  format: Format,
  auth: { username: string; password: string } | { apiKey: string },
  options: { post?: boolean } = {},
): SubsonicSession {
  const headers: Record<string, string> = {};
  const api = new SubsonicAPI({
    url,
    auth: auth as { username: string; password: string },
    post: options.post,
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } }),
  });
  return {
    api,
    headers,
    async call(method, params = {}) {
      if (format === 'json') return api.customJSON(`${method}.view`, params);
      const res = await api.custom(`${method}.view`, { ...params, f: 'xml' });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^text\/xml/);
      return xml.parse(await res.text())['subsonic-response'];
    },
  };
}

/** Parses the protocol's XML (errors from raw requests). */
export function parseXml(text: string): any {
  return xml.parse(text)['subsonic-response'];
}
