import path from 'node:path';
import type { PluginManifest } from '../../api/plugins/types.ts';
import { creditsRoutes } from './routes.ts';
import { mailPaymentFailed } from './payments/mail.ts';
import { paymentRoutes, WEBHOOK_LIMIT_BYTES, WEBHOOK_PATH } from './payments/routes.ts';
import { seedCredits } from './seed.ts';
import { createCreditsService } from './service.ts';
import { creditsSettings } from './settings.ts';
import { monthOf } from './months.ts';
import { deleteCreditsData, exportCredits } from './yourData.ts';

const credits: PluginManifest = {
  name: 'credits',
  api: '^1.0.0',
  core: true,
  dependsOn: ['accounts'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  settings: creditsSettings,
  services: createCreditsService,
  // The balance is a per-user read like the inbox (any write, a pledge job's too, drops the copy).
  privateReads: ['/api/credits/user', '/api/credits/membership'],
  // A credit month turns at midnight UTC with no write: cached pages and reads are kept per month
  // (a balance, "NEW DROP" and the countdowns change then), so none outlives the month it was made in.
  middleware: (kernel) => async (ctx, next) => {
    ctx.state.pageVariant = `${ctx.state.pageVariant ?? ''} ${monthOf(kernel.now())}`;
    return next();
  },
  // The top bar offers "Upgrade to Premium" to accounts that are not members, free where no money is taken.
  shellDefaults: { membership: null, upgradeFree: false },
  shell: async (kernel, user) => ({
    membership: (await kernel.services.credits.membership(user.id)).state,
    upgradeFree: !kernel.services.credits.payments.provider.takesMoney,
  }),
  routes: (router, kernel) => {
    creditsRoutes(router, kernel);
    paymentRoutes(router, kernel);
  },
  rawBodies: [{ path: WEBHOOK_PATH, limit: WEBHOOK_LIMIT_BYTES }],
  jobs: {
    'credits.payment-failed': mailPaymentFailed,
    'credits.payouts': (payload, kernel) =>
      kernel.services.credits.payments.payouts.runMonth((payload as { month: string }).month),
  },
  exportData: exportCredits,
  deleteData: deleteCreditsData,
  seed: seedCredits,
  adminPages: [{ href: '/admin/payouts', label: 'Payouts', message: 'pay_admin_title', order: 30 }],
  slots: {
    // A fan's choice that unallocated credits follow their listening.
    'settings.sections': 'components/ListeningSettings.astro',
    // An artist's "Get paid" (payout account and each month's transfer) on their dashboard.
    'dashboard.sections': 'components/GetPaidSection.astro',
    // The price, before anyone signs up (home page, register page).
    'join.price': 'components/PriceNote.astro',
    'settings.tabs': 'islands/BillingTab.tsx',
    'artist.support': 'islands/SupportButton.tsx',
  },
  pages: [
    { pattern: '/credits', entrypoint: 'pages/credits.astro' },
    { pattern: '/transparency', entrypoint: 'pages/transparency.astro' },
    { pattern: '/admin/payouts', entrypoint: 'pages/admin-payouts.astro' },
  ],
};

export default credits;
