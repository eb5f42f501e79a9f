/** Payout amounts are kept in whole cents; shown as dollars, e.g. 699 → "$6.99". */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
