// The slot insights' dashboard renders (docs/architecture.md, "Extension points").

declare module '../../api/plugins/types.ts' {
  interface SlotProps {
    'dashboard.sections': { userId: number };
  }
}

export {};
