import { Icon, type IconName } from './Icon.tsx';
import { badgeCount } from '../../lib/format.ts';

/** A top-bar icon link with its unread count (the fillers of the island slot topbar.badges); `label` says the count. */
export function BadgeLink({
  href,
  icon,
  label,
  count,
  testId,
}: {
  href: string;
  icon: IconName;
  label: string;
  count: number;
  testId?: string;
}) {
  return (
    <a href={href} className="btn btn-icon position-relative" aria-label={label} data-testid={testId}>
      <Icon name={icon} />
      {count > 0 && <span className="badge rounded-pill text-bg-warning topbar-badge">{badgeCount(count)}</span>}
    </a>
  );
}
