import type { BillingMembership } from './islands/Billing.tsx';

// The slot credits' vault renders, what its Settings tab needs, and credits' part of the app shell
// (docs/architecture.md, "Extension points").

declare module '../accounts/extensionPoints.ts' {
  interface SettingsTabData {
    /** The account's membership and its terms (credits' service, read by the profile page). */
    membership: BillingMembership | null;
  }
}

declare module '../../api/plugins/types.ts' {
  interface SlotProps {
    'vault.sections': { userId: number };
  }

  interface ShellData {
    /** The account's membership (the top bar's Upgrade). */
    membership: 'trial' | 'member' | 'cancelled' | null;
    /** True when the installation takes no money (payment provider `none`): the Upgrade says it is free here. */
    upgradeFree: boolean;
  }
}
