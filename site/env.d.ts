/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    user: import('../api/http/state.ts').SessionUser | null;
    /** The site's public origin (PUBLIC_URL): every absolute URL a page or endpoint writes starts with it, never with Astro.url. */
    origin: string;
    services: import('../api/plugins/types.ts').Services;
    now: () => Date;
    shell: () => Promise<import('../api/plugins/types.ts').ShellData>;
  }
}
