// A small inline icon set (24×24 strokes), so pages need no icon font or extra request.
export const iconPaths = {
  home: 'M3 11 12 3l9 8M5 10v10h5v-6h4v6h5V10',
  compass: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm3.5-12.5-2 5-5 2 2-5 5-2Z',
  library: 'M4 4v16M9 4v16M14 4l5 16',
  users:
    'M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3 3 0 1 0 0-6 3 3 0 0 0 0 ' +
    '6ZM21 19v-1a4 4 0 0 0-3-3.9M15.5 4.1a3 3 0 0 1 0 5.8',
  upload: 'M12 16V4m0 0-5 5m5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3',
  chart: 'M4 20V11M10 20V5M16 20v-7M21 20H3',
  coins:
    'M9 14c3.3 0 6-1.3 6-3s-2.7-3-6-3-6 1.3-6 3 2.7 3 6 3Zm-6-3v4c0 1.7 2.7 3 6 ' +
    '3s6-1.3 6-3v-4M15 7.5c2.9.3 6 1.5 6 3.5v4c0 1.5-2.2 2.7-5 3',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  bell: 'M18 16V11a6 6 0 0 0-12 0v5l-2 2h16l-2-2ZM10 20a2 2 0 0 0 4 0',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 ' +
    '0-.1-1.2l2-1.6-2-3.4-2.4 1a7.3 7.3 0 0 0-2-1.2L14.5 3h-4l-.4 2.6a7.3 7.3 0 0 ' +
    '0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7.3 7.3 0 0 ' +
    '0 2 1.2l.4 2.6h4l.4-2.6a7.3 7.3 0 0 0 2-1.2l2.4 1 ' +
    '2-3.4-2-1.6c.1-.4.1-.8.1-1.2Z',
  logout: 'M15 12H4m0 0 4-4m-4 4 4 4M10 4h9a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-9',
  menu: 'M4 6h16M4 12h16M4 18h16',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm9 2-4-4',
  shield: 'M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Z',
  crown: 'M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5L3 8Z',
  close: 'M6 6l12 12M18 6 6 18',
  play: 'M7 4v16l13-8L7 4Z',
  // Two bars with a clear gap, even with the stroke's round joins (which widen each bar).
  pause: 'M7 5h2.5v14H7zM14.5 5H17v14h-2.5z',
  previous: 'M6 5v14M18 5 9 12l9 7V5Z',
  next: 'M18 5v14M6 5l9 7-9 7V5Z',
  queue: 'M4 6h16M4 12h10M4 18h10M17 14v6l4-3-4-3Z',
  heart: 'M12 20s-7-4.4-9-9a5 5 0 0 1 9-3 5 5 0 0 1 9 3c-2 4.6-9 9-9 9Z',
  music: 'M9 18V5l12-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0Zm12-2a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z',
  back: 'M11 17 6 12l5-5M18 17l-5-5 5-5',
  forward: 'm13 17 5-5-5-5M6 17l5-5-5-5',
  volume: 'M11 5 6 9H3v6h3l5 4V5Zm4.5 3.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12',
  share:
    'M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm12 7a3 3 ' +
    '0 1 0 0-6 3 3 0 0 0 0 6ZM8.6 13.5l6.8 4M15.4 6.5l-6.8 4',
  check: 'M5 12.5 10 17 19 7',
  download: 'M12 4v12m0 0-5-5m5 5 5-5M4 20h16',
  offline:
    'M3 3l18 18M8.5 16.5a5 5 0 0 1 7 0M5 12.5a10 10 0 0 1 5-2.7M19 12.5a10 10 0 0 ' +
    '0-2.5-1.8M2 8.8a15 15 0 0 1 4.2-2.6M22 8.8A15 15 0 0 0 10.5 5M12 20h.01',
  verified:
    'M12 2.5 14.6 5l3.5-.4.6 3.5 3 1.9-1.5 3.2 1.5 3.2-3 1.9-.6 3.5-3.5-.4L12 21.5 ' +
    '9.4 19l-3.5.4-.6-3.5-3-1.9L3.8 12 2.3 8.8l3-1.9.6-3.5 3.5.4L12 2.5ZM8.5 ' +
    '12l2.5 2.5 4.5-5',
  flag: 'M5 21V4m0 0h12l-2.5 4 2.5 4H5',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  code: 'M16 18l6-6-6-6M8 6l-6 6 6 6',
  lyrics: 'M12 14a3 3 0 0 0 3-3V6a3 3 0 0 0-6 0v5a3 3 0 0 0 3 3Zm-6-3a6 6 0 0 0 12 0M12 17v4M8 21h8',
  comment: 'M4 5h16v11H9l-5 4V5Z',
  pin: 'M9 4h6l-1 6 3 3H7l3-3-1-6ZM12 13v7',
} as const;

export type IconName = keyof typeof iconPaths;

export function Icon({
  name,
  size = 20,
  className,
  filled = false,
}: {
  name: IconName;
  size?: number;
  className?: string;
  filled?: boolean;
}) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={iconPaths[name]} />
    </svg>
  );
}
