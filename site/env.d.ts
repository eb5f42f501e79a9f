/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    user: import('../api/http/state.ts').SessionUser | null;
    /** The request's language, and the one the visitor's browser prefers (api/http/locale.ts). */
    locale: import('../api/http/locale.ts').RequestLocale;
    /**
     * The site's public origin (PUBLIC_URL): every absolute URL a page or endpoint writes starts with it, never with
     * Astro.url.
     */
    origin: string;
    services: import('../api/plugins/types.ts').Services;
    now: () => Date;
    shell: () => Promise<import('../api/plugins/types.ts').ShellData>;
  }
}

// Generated from the enabled plugins' manifests by api/plugins/astroIntegration.ts.
declare module 'virtual:onetrack/slots' {
  const slots: Record<string, Array<(props: Record<string, unknown>) => unknown>>;
  export default slots;
}
declare module 'virtual:onetrack/islands/*' {
  // Each slot's fillers take the props its island passes (docs/architecture.md, "Extension points").
  const fillers: Array<import('react').ComponentType<any>>;
  export default fillers;
}
declare module 'virtual:onetrack/hooks/*' {
  const hooks: Array<(...args: any[]) => unknown>;
  export default hooks;
}
declare module 'virtual:onetrack/nav' {
  const entries: import('../api/plugins/types.ts').NavEntry[];
  export default entries;
}
declare module 'virtual:onetrack/admin-pages' {
  const entries: import('../api/plugins/types.ts').AdminPageEntry[];
  export default entries;
}
