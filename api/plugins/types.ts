import type Router from '@koa/router';
import type { Redis } from 'ioredis';
import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import type { ComponentType } from 'react';
import type { CacheBus } from '../cache/bus.ts';
import type { described } from '../openapi/routes.ts';
import type { Config } from '../config.ts';
import type { JobHandler } from '../jobs/handler.ts';
import type { Jobs } from '../jobs/queue.ts';
import type { Limits } from '../limits.ts';
import type { UploadAllowance } from '../uploadAllowance.ts';
import type { Logger } from '../log.ts';
import type { Storage } from '../storage/index.ts';
import type { LargeJsonBody, RawBody } from '../http/body.ts';
import type { AppState, SessionUser } from '../http/state.ts';

/** What every plugin receives: the shared kernel and the services of the plugins before it. */
export interface Kernel {
  config: Config;
  /**
   * Mounts routes with their description in /api/openapi.json (api/openapi/routes.ts), for plugins
   * that cannot import the kernel (packages); folder plugins may import `described` itself.
   */
  described: typeof described;
  knex: Knex;
  log: Logger;
  /** Media bytes (local folder or S3-compatible bucket), served under /media/. */
  storage: Storage;
  /** Services by plugin name; a plugin sees those of the plugins it depends on. */
  services: Services;
  /** Settings by plugin name, read from the environment at start by the manifests' `settings`. */
  settings: Settings;
  /** Per-request clock override for tests; production reads the wall clock. */
  now(): Date;
  /**
   * Invalidation of what is cached in memory, on every node, by tags (api/cache/bus.ts): services
   * announce what they changed (`changed`) and what they read (`dependsOn`); API writes and finished
   * jobs invalidate those tags; caches subscribe, and bypass themselves while version() is null.
   */
  cache: CacheBus;
  /** The job queue (api/jobs/queue.ts): jobs enqueued here run in the media worker through the manifests' `jobs`. */
  jobs: Jobs;
  /** Limits that hold across all app nodes (api/limits.ts). */
  limits: Limits;
  /** The daily storage allowance every upload of an account is charged to (UPLOAD_MB_PER_DAY, uploadAllowance.ts). */
  uploadAllowance: UploadAllowance;
  /** The shared Redis connection (null without REDIS_URL); its commands fail at once while Redis is down. */
  redis: Redis | null;
  /**
   * The enabled plugins' manifests in dependency order (their data hooks: `exportData`, `deleteData`,
   * `withheldMedia`).
   */
  plugins: readonly PluginManifest[];
  /** Closes the database pool and the Redis connections. */
  close(): Promise<void>;
}

/** A plugin's share of a person's data export: JSON files by name (without `.json`). */
export type ExportedData = Record<string, unknown>;

// Plugins widen this interface (declaration merging) with the service they export.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Services {}

// Plugins widen this interface (declaration merging) with their settings' values, by plugin name.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Settings {}

/**
 * One setting a plugin owns (as Strapi's `{ default, validator }`): an environment variable, its
 * value when unset, and the check that turns an operator's text into the value. Read at start in
 * plugin order (api/plugins/settings.ts); the README's settings table is checked against these.
 */
export interface SettingDeclaration<T = unknown> {
  /** The environment variable, e.g. MONTHLY_FEE_CENTS: operators' names stay as they are. */
  env: string;
  /** The value when the variable is unset or empty (null: the feature is off). */
  default: T;
  /**
   * Turns the variable's text (never empty) into the value; throws a ConfigError whose message is
   * one line saying what to fix. `env` is the whole environment, for settings that need another.
   * A secret's text is never repeated in the message.
   */
  validator(raw: string, env: Record<string, string | undefined>): T;
  /** The README's default column when not the default itself, e.g. "unset → local enhancer only". */
  shownDefault?: string;
  /** The README's meaning column (Markdown). */
  meaning: string;
}

export type ApiRouter = Router<AppState>;

export interface PageRoute {
  /** URL pattern, e.g. '/auth' or '/artist/[id]'. */
  pattern: string;
  /** Path of the .astro file, relative to the plugin's folder (`root`). */
  entrypoint: string;
}

/**
 * What the app shell (sidebar, top bar) shows for a signed-in user. Each plugin that fills a part
 * declares it here (declaration merging, as `Services`): its `shell` fills it, its `shellDefaults`
 * says what a signed-out visitor sees. A part of an optional plugin is optional (it may be disabled).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ShellData {}

/**
 * The props each slot's fillers receive, by slot name (docs/architecture.md, "Extension points"):
 * the plugin or site part that renders a slot declares its entry here (declaration merging); a hook
 * slot's entry is the hook's signature. A filler names its slot's type (`IslandFiller<'name'>`,
 * `HookFiller<'name'>`), so tsc refuses a prop the slot does not pass or a filler reads wrongly.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SlotProps {}

export type SlotName = keyof SlotProps;

/** A React component filling an island slot (site/components/IslandSlot.tsx). */
export type IslandFiller<Name extends SlotName> = ComponentType<SlotProps[Name]>;

/** A function filling a hook slot (`virtual:onetrack/hooks/<slot>`). */
export type HookFiller<Name extends SlotName> = SlotProps[Name];

/** A link of the app's sidebar (site/islands/Sidebar.tsx). */
export interface NavEntry {
  href: string;
  /** Its English name; `message` names it in the reader's language (the layout reads it on the server). */
  label: string;
  /** The key of its message in lib/i18n/messages (e.g. 'nav_messages'); without one (a package's), `label`. */
  message?: string;
  /** A name of site/components/Icon.tsx. */
  icon: string;
  /** Who sees it: everyone (default), artists, or admins. */
  audience?: 'all' | 'artists' | 'admins';
  /** Where: among the main entries (default) or at the foot, next to Settings. */
  place?: 'main' | 'foot';
  /** Order among the plugins' entries (after the core's). */
  order: number;
  /** The shell's count shown on it (ShellData). */
  badge?: 'unreadMessages';
}

/** A page of the admin pages' navigation (site/components/AdminNav.astro), shown on every admin page. */
export interface AdminPageEntry {
  href: string;
  /** Its English name; `message` names it in the reader's language. */
  label: string;
  /** The key of its message in lib/i18n/messages; without one (a package's), `label`. */
  message?: string;
  /** Order among the admin pages. */
  order: number;
}

export interface PluginManifest {
  name: string;
  /**
   * The plugin API versions this plugin works with, a semver range (e.g. '^1.0.0'; PLUGIN_API_VERSION in
   * api/plugins/apiVersion.ts).
   */
  api: string;
  /** Set by the loader: the plugin's folder (a package's root for a package); page entrypoints are relative to it. */
  root?: string;
  /**
   * A feature without which OneTrack is not OneTrack (docs/architecture.md, "Core and optional
   * plugins"): always enabled. Every other plugin can be left out of the enabled list.
   */
  core?: boolean;
  dependsOn?: string[];
  /**
   * Plugins used when enabled (services through `kernel.services.x`, which code checks for);
   * built before this one when present, and not required.
   */
  optionalDependsOn?: string[];
  /** Absolute folder of knex migrations, named `YYYYMMDDhhmmss_what.ts`. */
  migrations?: string;
  /**
   * The settings this plugin owns, by their key in `kernel.settings.<plugin>`: read from the
   * environment and checked before any service is built, so a wrong one stops the start with one line.
   */
  settings?: Record<string, SettingDeclaration>;
  /** Builds the plugin's service; registered under the plugin's name. */
  services?(kernel: Kernel): object;
  /**
   * POST routes whose callers sign the bytes they send (webhooks): read as bytes, from callers
   * without a session too, into `ctx.state.rawBody` with their own limit, never parsed as JSON.
   */
  rawBodies?: RawBody[];
  /** POST routes whose JSON bodies carry files and may exceed the kernel's 1 MB limit. */
  largeJsonBodies?: LargeJsonBody[];
  /**
   * Full paths of routes that read a JSON body from callers without a session (sign-in,
   * registration). Every other route reads bodies of signed-in callers only: an anonymous body is
   * left unread, so routes that need a session answer 401 before reading it (api/http/body.ts).
   */
  anonymousBodies?: string[];
  /**
   * POST routes (full paths) that also take a urlencoded form, from anyone: the target of a form
   * that works before JavaScript (a redirect answers it; api/http/body.ts, site/README.md "Forms").
   */
  formBodies?: string[];
  /**
   * GET routes (full patterns, e.g. '/api/artists/:id') whose anonymous answer depends only on the
   * URL, the page variant and the data: kept in the kernel's response cache, dropped through kernel.cache by the tags
   * it read.
   */
  publicReads?: string[];
  /**
   * GET routes whose signed-in answer depends only on the URL, the caller and the data: kept per
   * user in the same cache (as their rendered pages are), tagged `user:<id>`.
   */
  privateReads?: string[];
  /** Runs on every request (API and pages) before routing, in plugin order. */
  middleware?(kernel: Kernel): Middleware<AppState>;
  /** Contributes to the app shell's data for a signed-in user (its part declared in ShellData). */
  shell?(kernel: Kernel, user: SessionUser): Promise<Partial<ShellData>>;
  /** This plugin's part of the shell for a signed-out visitor, and where a signed-in one's starts. */
  shellDefaults?: Partial<ShellData>;
  /** Mounts HTTP handlers; paths are relative to /api. */
  routes?(router: ApiRouter, kernel: Kernel): void;
  /** Adds demo data on an empty database (runs in dependency order). */
  seed?(kernel: Kernel): Promise<void>;
  /** Media-worker job handlers by job type. */
  jobs?: Record<string, JobHandler>;
  /** Astro pages this feature contributes; injected as routes at build time. */
  pages?: PageRoute[];
  /**
   * What this plugin shows in other features' pages and in the shell, by extension point
   * (docs/architecture.md, "Extension points"): a `.astro` file (relative to the plugin folder) for
   * the slots that pages render with site/components/Slot.astro, a `.tsx` component for the slots
   * that islands render with site/components/IslandSlot.tsx, a `.ts` module whose default export
   * is a function for the client scripts' hook slots. Several files fill a slot in their order.
   */
  slots?: Record<string, string | string[]>;
  /** Entries of the app's sidebar. */
  nav?: NavEntry[];
  /** This plugin's admin pages, linked from every admin page (admins only; each page checks again). */
  adminPages?: AdminPageEntry[];
  /**
   * This plugin's part of a person's data export ("Your data", accounts' `accounts.export` job):
   * files under the plugin's folder in the archive. A disabled plugin contributes nothing.
   */
  exportData?(kernel: Kernel, userId: number): Promise<ExportedData>;
  /**
   * Removes or anonymises this plugin's part of a deleted account's data, inside the deletion's
   * transaction (accounts' `deleteAccount`); runs in reverse plugin order, dependants first.
   */
  deleteData?(kernel: Kernel, userId: number, trx: Knex.Transaction): Promise<void>;
  /**
   * /media/ URLs that must no longer be served (a taken-down track, a deleted or suspended
   * artist's files): the kernel's media route answers 410 for them on every node.
   */
  withheldMedia?(kernel: Kernel): Promise<string[]>;
}
