/**
 * Line icons of the verification pieces (24px grid, stroked with currentColor), apart from
 * `icon.tsx` so that the login page's first load does not carry them.
 */
import { PathIcon } from './path-icon';

const paths = {
  refresh: 'M21 12a9 9 0 1 1-2.6-6.4L21 8M21 3v5h-5',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  check: 'M20 6 9 17l-5-5',
  phone: 'M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM11 18h2',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  shield: 'M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10zM9 12l2 2 4-4',
  key: 'M15 7a3 3 0 1 1 0 .01M12.5 9.5 3 19v2h3l1-1v-2h2v-2h2l1.5-1.5M15 3a6 6 0 1 1-4.2 10.2',
  arrowLeft: 'M19 12H5M12 19l-7-7 7-7',
  app: 'M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM9 8l2 2 4-4M9 15h6',
  qr: 'M3 3h7v7H3zM14 3h7v7h-7zM3 14h7v7H3zM14 14h3v3h-3zM20 14v1M14 20h1M18 18h3v3h-3',
  search: 'M11 18a7 7 0 1 1 0-14 7 7 0 0 1 0 14zM21 21l-5-5',
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zm13 0a3 3 0 1 1-6 0 3 3 0 0 1 6 0',
  eyeOff:
    'M3 3l18 18M10.6 5.1Q11.3 5 12 5c6.5 0 10 7 10 7a17 17 0 0 1-2.8 3.8M6.6 6.6C3.9 8.3 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2',
  chevronDown: 'm6 9 6 6 6-6',
  error: 'M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0M12 8v4M12 16h.01',
  info: 'M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0M12 16v-4M12 8h.01',
} as const;

export type TLineIconName = keyof typeof paths;

export function LineIcon({
  name,
  size = 16,
  className,
}: {
  name: TLineIconName;
  size?: number;
  className?: string;
}) {
  return <PathIcon d={paths[name]} size={size} className={className} />;
}
