import type { SettingsTab } from '../../accounts/extensionPoints.ts';
import Billing, { type BillingMembership } from './Billing.tsx';
import * as m from '../../../lib/i18n/messages.ts';

// Settings › Billing (accounts' `settings.tabs` slot): the membership and its terms.

const BillingTab: SettingsTab = Object.assign(
  ({ membership }: { membership: BillingMembership | null }) =>
    membership ? <Billing membership={membership} /> : null,
  // A getter: the title is read in the page's language when the tab renders.
  {
    tab: {
      key: 'billing',
      get title() {
        return m.settings_tab_billing();
      },
    },
  },
);
export default BillingTab;
