import type { SettingsTab } from '../../accounts/extensionPoints.ts';
import Billing, { type BillingMembership } from './Billing.tsx';

// Settings › Billing (accounts' `settings.tabs` slot): the membership and its terms.

const BillingTab: SettingsTab = Object.assign(
  ({ membership }: { membership: BillingMembership | null }) =>
    membership ? <Billing membership={membership} /> : null,
  { tab: { key: 'billing', title: 'Billing' } },
);
export default BillingTab;
