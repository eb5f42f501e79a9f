import type { MessageJSON } from './models.ts';

// The slot the inbox renders, and messaging's part of the app shell (docs/architecture.md,
// "Extension points"): optional, as messaging may be disabled.

declare module '../../api/plugins/types.ts' {
  interface SlotProps {
    'message.actions': { message: MessageJSON };
  }

  interface ShellData {
    unreadMessages?: number;
  }
}
