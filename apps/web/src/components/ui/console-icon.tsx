/**
 * The console's line icons (24 px grid, stroked with currentColor, 16 px by default): the shell,
 * the workbench and its cards draw without antd or its icon set (decision 0033).
 */
import { PathIcon } from './path-icon';

const paths = {
  workbench: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z',
  team: 'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8M22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
  cloud: 'M3 5h18v6H3zM3 13h18v6H3zM7 8h.01M7 16h.01',
  billing: 'M4 3h16v18l-3-2-3 2-2-2-2 2-3-2-3 2zM8 8h8M8 12h8M8 16h5',
  audit: 'M9 3h6v3H9zM9 4H6a1 1 0 0 0-1 1v15a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V5a1 1 0 0 0-1-1h-3M9 13l2 2 4-4',
  fold: 'M3 6h18M10 12h11M3 18h18M7 9l-3 3 3 3',
  unfold: 'M3 6h18M3 12h11M3 18h18M17 9l3 3-3 3',
  docs: 'M2 4h6a4 4 0 0 1 4 4v13a3 3 0 0 0-3-3H2zM22 4h-6a4 4 0 0 0-4 4v13a3 3 0 0 1 3-3h7z',
  releaseNotes:
    'M3 11v3a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1M15.5 8.5a5 5 0 0 1 0 7M18.4 5.6a9 9 0 0 1 0 12.8',
  globe: 'M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0M2 12h20M12 2a15 15 0 0 1 0 20 15 15 0 0 1 0-20',
  check: 'M20 6 9 17l-5-5',
  chevronDown: 'm6 9 6 6 6-6',
  chevronRight: 'm9 6 6 6-6 6',
  arrowLeft: 'M19 12H5M12 19l-7-7 7-7',
  clock: 'M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0M12 6v6l4 2',
  menu: 'M3 6h18M3 12h18M3 18h18',
  profile: 'M3 5h18v14H3zM8 11a2 2 0 1 0 0-4 2 2 0 0 0 0 4M5 16a3 3 0 0 1 6 0M14 9h4M14 13h4',
  lock: 'M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4',
  shield: 'M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10zM9 12l2 2 4-4',
  code: 'm16 18 6-6-6-6M8 6l-6 6 6 6',
  external: 'M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6',
  logout: 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9',
  error: 'M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0M15 9l-6 6M9 9l6 6',
  wallet:
    'M19 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0 0 4h14a2 2 0 0 1 2 2v3M3 5v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-3M21 12h-4a2 2 0 0 0 0 4h4z',
  lineChart: 'M3 3v16a2 2 0 0 0 2 2h16M7 15l4-4 3 3 6-6',
} as const;

export type TConsoleIconName = keyof typeof paths;

export function ConsoleIcon({
  name,
  size = 16,
  className,
}: {
  name: TConsoleIconName;
  size?: number;
  className?: string;
}) {
  return <PathIcon d={paths[name]} size={size} className={className} />;
}
