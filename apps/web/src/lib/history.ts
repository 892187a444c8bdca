/**
 * One browser history for the whole app: the light public pages read it directly, the console's
 * React Router uses it as its navigator, so both always agree on the location.
 */
import { useSyncExternalStore } from 'react';

export type TLocation = {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly state: unknown;
  readonly key: string;
};

export type TNavigationType = 'POP' | 'PUSH' | 'REPLACE';

type TTo = string | { pathname?: string; search?: string; hash?: string };

let seq = 0;
let action: TNavigationType = 'POP';
// The server's prerender has no window: its location is the page it renders (`setServerLocation`).
let current: TLocation =
  typeof window === 'undefined'
    ? { pathname: '/', search: '', hash: '', state: null, key: 'default' }
    : read();
const listeners = new Set<() => void>();

function read(): TLocation {
  const { pathname, search, hash } = window.location;
  const state = window.history.state as { usr?: unknown; key?: string } | null;
  return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
}

function emit(next: TNavigationType): void {
  action = next;
  current = read();
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => emit('POP'));
}

export function createPath(to: TTo): string {
  if (typeof to === 'string') return to;
  const pathname = to.pathname ?? current.pathname;
  const search =
    to.search && to.search !== '?' ? (to.search.startsWith('?') ? to.search : `?${to.search}`) : '';
  const hash = to.hash && to.hash !== '#' ? (to.hash.startsWith('#') ? to.hash : `#${to.hash}`) : '';
  return `${pathname}${search}${hash}`;
}

export function navigate(to: TTo, options: { replace?: boolean; state?: unknown } = {}): void {
  seq += 1;
  const entry = { usr: options.state ?? null, key: `k${Date.now().toString(36)}${seq}` };
  const href = createPath(to);
  if (options.replace) window.history.replaceState(entry, '', href);
  else window.history.pushState(entry, '', href);
  emit(options.replace ? 'REPLACE' : 'PUSH');
}

export function getLocation(): TLocation {
  return current;
}

export function getNavigationType(): TNavigationType {
  return action;
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLocation(): TLocation {
  return useSyncExternalStore(subscribe, getLocation, getLocation);
}

/** Current path with its query, the value of a `?redirect=`. */
export function currentPathWithSearch(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** The location of a render on the server (the prerender of a public page). */
export function setServerLocation(pathname: string): void {
  current = { pathname, search: '', hash: '', state: null, key: 'default' };
}

/** Re-reads the browser location (after tests or external `history` calls). */
export function syncLocation(): void {
  emit('REPLACE');
}
