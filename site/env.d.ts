/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    user: import('../api/http/state.ts').SessionUser | null;
    services: import('../api/plugins/types.ts').Services;
    now: () => Date;
    shell: () => Promise<import('../api/plugins/types.ts').ShellData>;
  }
}
