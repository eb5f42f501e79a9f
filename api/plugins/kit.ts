import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config.ts';
import { PLUGIN_API_VERSION } from './apiVersion.ts';
import { projectRoot } from './loader.ts';

// `npm run plugin:new NAME`: a working plugin to start from (docs/plugins.md). Each user keeps short
// notes: a migration, a service, a validated route, a page in the app layout and a mocha test that
// boots the kernel with just this plugin and accounts. The files import the kernel by relative
// paths from wherever the plugin folder is made, as the plugins of this tree do.

const NAME = /^[a-z][a-z0-9-]{0,39}$/;

interface Names {
  name: string;
  /** `tour-dates` → `tourDates`, `TourDates`, `tour_dates`, `Tour dates`. */
  camel: string;
  pascal: string;
  snake: string;
  title: string;
  /** From the plugin folder (and its test/ and pages/ folders) to the project root. */
  up: string;
  upTwice: string;
}

function names(name: string, folder: string): Names {
  const words = name.split('-');
  const up = path.relative(folder, projectRoot).split(path.sep).join('/');
  const pascal = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  return {
    name,
    camel: pascal[0].toLowerCase() + pascal.slice(1),
    pascal,
    snake: words.join('_'),
    title: words.join(' ').replace(/^./, (c) => c.toUpperCase()),
    up,
    upTwice: `../${up}`,
  };
}

/** YYYYMMDDhhmmss in UTC, the start of every migration's name. */
function stamp(now: Date): string {
  return now.toISOString().replace(/\D/g, '').slice(0, 14);
}

function files(n: Names, now: Date): Record<string, string> {
  const { name, camel, pascal, snake, title, up, upTwice } = n;
  const table = `${snake}_notes`;
  return {
    'plugin.ts': `import path from 'node:path';
import type { PluginManifest } from '${up}/api/plugins/types.ts';
import { ${camel}Routes } from './routes.ts';
import { create${pascal}Service } from './service.ts';

const plugin: PluginManifest = {
  name: '${name}',
  api: '^${PLUGIN_API_VERSION}',
  dependsOn: ['accounts'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  services: create${pascal}Service,
  routes: ${camel}Routes,
  // A signed-in caller's own list: kept per user, dropped when a write announces user:<id>.
  privateReads: ['/api/${name}/notes'],
  pages: [{ pattern: '/${name}', entrypoint: 'pages/${name}.astro' }],
};

export default plugin;
`,
    'rules.ts':
      `import type { FieldRules } from '${up}/api/validation/rules.ts';

// The one source of the fields' limits and messages: the API validates with them, a form would too.
export const EMPTY_NOTE = 'Write something first';

export const noteRules: FieldRules = {
  text: { label: 'Note', type: 'string', maxLength: 200, pattern: '\\\\S', ` +
      `messages: { required: EMPTY_NOTE, pattern: EMPTY_NOTE } },
};
export const noteRequired = ['text'] as const;
`,
    'service.ts':
      `import { userTag } from '${up}/api/cache/tags.ts';
import type { Kernel } from '${up}/api/plugins/types.ts';

export interface Note {
  id: number;
  text: string;
  createdAt: string;
}

/** Free of HTTP: routes, pages and other plugins (through kernel.services) call it. */
export function create${pascal}Service(kernel: Kernel) {
  const { knex, cache } = kernel;
  return {
    /** The user's notes, newest first. A signed-in reader's cached copy already depends on user:<id>. */
    async list(userId: number): Promise<Note[]> {
      const rows = await knex('${table}').where({ userId }).orderBy('id', 'desc').select('id', 'text', 'createdAt');
      return rows.map((r) => ({ id: Number(r.id), text: String(r.text), ` +
      `createdAt: new Date(Number(r.createdAt)).toISOString() }));
    },

    async add(userId: number, text: string): Promise<Note> {
      const at = kernel.now();
      const [id] = await knex('${table}').insert({ userId, text, createdAt: at.getTime() });
      // What this write changed, on every node: the user's own cached pages and answers.
      await cache.changed([userTag(userId)]);
      return { id: Number(id), text, createdAt: at.toISOString() };
    },
  };
}

export type ${pascal}Service = ReturnType<typeof create${pascal}Service>;

declare module '${up}/api/plugins/types.ts' {
  interface Services {
    '${name}': ${pascal}Service;
  }
}
`,
    'routes.ts':
      `import { requireUser } from '${up}/api/http/guards.ts';
import { described } from '${up}/api/openapi/routes.ts';
import { arrayOf, dateTime, integer, object, string } from '${up}/api/openapi/schema.ts';
import type { ApiRouter, Kernel } from '${up}/api/plugins/types.ts';
import { bodyValidator } from '${up}/api/validation/validate.ts';
import { noteRequired, noteRules } from './rules.ts';

const parseNote = bodyValidator<{ text: string }>(noteRules, noteRequired);
const Note = object({ id: integer, text: string, createdAt: dateTime });

/**
 * Paths are under /api. A route that needs a session asks for it first (401 before anything else).
 * Each is mounted with its description: /api/openapi.json lists it, and tests check its answers.
 */
export function ${camel}Routes(router: ApiRouter, kernel: Kernel) {
  const service = kernel.services['${name}'];
  const api = described(router);

  api.get('/${name}/notes', { summary: 'The caller’s notes', session: 'required', ` +
      `responses: { 200: arrayOf(Note) } }, async (ctx) => {
    ctx.body = await service.list(requireUser(ctx).id);
  });

  api.post('/${name}/notes', { summary: 'Add a note', session: 'required', ` +
      `body: parseNote, responses: { 201: Note } }, async (ctx) => {
    const user = requireUser(ctx);
    const { text } = parseNote(ctx.request.body);
    ctx.status = 201;
    ctx.body = await service.add(user.id, text);
  });
}
`,
    [`migrations/${stamp(now)}_${snake}.ts`]: `import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('${table}', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.string('text', 200).notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('${table}');
}
`,
    [`pages/${name}.astro`]:
      `---
import AppLayout from '${upTwice}/site/layouts/AppLayout.astro';

const { user, services } = Astro.locals;
const notes = user ? await services['${name}'].list(user.id) : null;
---
<AppLayout title="${title}" description="Your ${title.toLowerCase()} notes.">
  <h1 class="page-title">${title}</h1>
  {notes === null ? (
    <p><a href="/login?next=/${name}">Log in</a> to see your notes.</p>
  ) : notes.length === 0 ? (
    <p class="text-secondary">No notes yet.</p>
  ) : (
    <table class="table">
      <tbody>
        {notes.map((note) => (
          <tr><td>{note.text}</td>` +
      `<td class="text-secondary">{new Date(note.createdAt).toLocaleDateString('en', { dateStyle: 'medium' })}</td></tr>
        ))}
      </tbody>
    </table>
  )}
</AppLayout>
`,
    [`test/${name}.test.ts`]:
      `import { expect } from 'chai';
import { startTestServer, type TestServer } from '${upTwice}/api/test/server.ts';
import { signUp } from '${upTwice}/plugins/accounts/test/fixtures.ts';
import plugin from '../plugin.ts';
import { EMPTY_NOTE } from '../rules.ts';

// The kernel with just this plugin and what it depends on, on a database of its own (docs/plugins.md, "Testing").
describe('${name} plugin', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ plugins: ['accounts', plugin] });
  });
  after(() => server?.stop());

  it('answers 401 to a caller without a session', async () => {
    const res = await server.client().get('/api/${name}/notes');
    expect([res.status, res.body]).to.deep.equal([401, { message: 'Authentication required' }]);
  });

  it('keeps each user\\'s notes to themselves, fresh after a write', async () => {
    const ana = await signUp(server, 'ana');
    const ben = await signUp(server, 'ben');
    expect((await ana.client.get('/api/${name}/notes')).body).to.deep.equal([]);
    const added = await ana.client.post('/api/${name}/notes', { text: 'First' });
    expect(added.status).to.equal(201);
    expect((await ana.client.get('/api/${name}/notes')).body.map((n: { text: string }) => n.text))` +
      `.to.deep.equal(['First']);
    expect((await ben.client.get('/api/${name}/notes')).body).to.deep.equal([]);
  });

  it('refuses an empty note with 400 and its rule\\'s message, and keeps nothing', async () => {
    const cyd = await signUp(server, 'cyd');
    const res = await cyd.client.post('/api/${name}/notes', { text: '   ' });
    expect([res.status, res.body]).to.deep.equal([400, { message: EMPTY_NOTE }]);
    expect((await cyd.client.get('/api/${name}/notes')).body).to.deep.equal([]);
  });
});
`,
  };
}

/** Writes a new plugin folder `root/name`; refuses a bad name or an existing folder. Returns the files made. */
export function scaffoldPlugin(name: string, root: string, now = new Date()): string[] {
  if (!NAME.test(name))
    throw new ConfigError(
      `A plugin name is lower-case letters, digits and dashes, starting with a letter (at most 40): "${name}"`,
    );
  const folder = path.resolve(root, name);
  if (existsSync(folder)) throw new ConfigError(`${folder} already exists`);
  return Object.entries(files(names(name, folder), now)).map(([file, text]) => {
    const target = path.join(folder, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
    return target;
  });
}
