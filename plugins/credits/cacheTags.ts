/**
 * A fan's balance and allocations (the Credit Vault, their statements, a pledge's balance): an
 * allocation announces this for the fan instead of their every view. None of it is in the top bar.
 */
export const creditsTag = (userId: number) => `credits:${userId}`;

/** /admin/payouts: a month's money and transfers (a webhook applied, a payouts run). */
export const PAYOUTS_TAG = 'credits-payouts';
