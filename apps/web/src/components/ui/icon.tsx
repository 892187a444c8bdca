/** Small line icons of the light pages (24px grid, stroked with currentColor). */
import { PathIcon } from './path-icon';

const ring = 'M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0';

const paths = {
  x: 'M18 6 6 18M6 6l12 12',
  chevronDown: 'm6 9 6 6 6-6',
  check: 'M20 6 9 17l-5-5',
  globe: `${ring}M2 12h20M12 2a15 15 0 0 1 0 20 15 15 0 0 1 0-20`,
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zm13 0a3 3 0 1 1-6 0 3 3 0 0 1 6 0',
  eyeOff:
    'M3 3l18 18M10.6 5.1Q11.3 5 12 5c6.5 0 10 7 10 7a17 17 0 0 1-2.8 3.8M6.6 6.6C3.9 8.3 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2',
  history: 'M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 2',
  help: `${ring}M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01`,
  error: `${ring}M12 8v4M12 16h.01`,
  info: `${ring}M12 16v-4M12 8h.01`,
  success: `${ring}m-13 0 3 3 5-5`,
  warning: 'M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01',
} as const;

export type TIconName = keyof typeof paths;

export function Icon({ name, size = 18, className }: { name: TIconName; size?: number; className?: string }) {
  return <PathIcon d={paths[name]} size={size} className={className} />;
}
