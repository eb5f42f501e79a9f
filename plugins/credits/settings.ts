import { ConfigError } from '../../api/config.ts';
import type { SettingValues } from '../../api/plugins/settings.ts';
import type { SettingDeclaration } from '../../api/plugins/types.ts';
import { paymentSettings } from './payments/settings.ts';

/** The terms every month starts with (a month keeps the terms it began with: docs/payouts.md). */
export const creditsSettings = {
  monthlyFeeCents: {
    env: 'MONTHLY_FEE_CENTS',
    default: 999,
    meaning: 'what each listener pays a month, in cents',
    validator(raw) {
      const cents = Number(raw);
      if (!/^\d+$/.test(raw) || !Number.isSafeInteger(cents) || cents < 1)
        throw new ConfigError(`MONTHLY_FEE_CENTS must be a whole number of cents of at least 1, got "${raw}"`);
      return cents;
    },
  },
  platformShare: {
    env: 'PLATFORM_SHARE',
    default: 0.3,
    shownDefault: '`0.30`',
    meaning: 'fraction of each fee the platform keeps (see `docs/payouts.md`)',
    validator(raw) {
      const share = Number(raw);
      if (!/^\d*\.?\d+$/.test(raw) || !(share >= 0 && share < 1))
        throw new ConfigError(
          `PLATFORM_SHARE must be a fraction from 0 up to (not including) 1, e.g. 0.30, got "${raw}"`,
        );
      return share;
    },
  },
  currency: {
    env: 'CURRENCY',
    default: 'EUR',
    meaning:
      'ISO 4217 code of the currency fees and payouts are in (one with ' +
      'cents: EUR, USD, GBP…); a month keeps the currency it started with',
    validator(raw) {
      const code = raw.toUpperCase();
      const usage = `CURRENCY must be the ISO 4217 code of a currency with cents, e.g. EUR, USD or GBP, got "${raw}"`;
      if (!/^[A-Z]{3}$/.test(code) || !Intl.supportedValuesOf('currency').includes(code)) throw new ConfigError(usage);
      // Amounts are whole cents: a currency without two minor digits (JPY, BHD) cannot be shown exactly.
      const digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions();
      if (digits.maximumFractionDigits !== 2) throw new ConfigError(usage);
      return code;
    },
  },
  ...paymentSettings,
} satisfies Record<string, SettingDeclaration>;

export type CreditsSettings = SettingValues<typeof creditsSettings>;

declare module '../../api/plugins/types.ts' {
  interface Settings {
    credits: CreditsSettings;
  }
}
