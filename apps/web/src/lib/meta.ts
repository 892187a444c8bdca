/**
 * The console meta (edition, deployment mode, default language, feature flags, contacts, links).
 * The server injects it into index.html as `window.__CZ_META__`; without it (the Vite dev server)
 * it comes from `GET /api/meta`.
 */
import type { TMeta } from '@console/contract';
import type { TApiPaths } from '@console/contract/paths';

/** The contract's path of the meta (typed against it). */
export const metaPath: TApiPaths['meta']['path'] = '/api/meta';

declare global {
  // biome-ignore lint/style/useConsistentTypeDefinitions: extending Window needs an interface
  interface Window {
    __CZ_META__?: TMeta;
  }
}

let meta: TMeta | null = null;

function isMeta(value: unknown): value is TMeta {
  return (
    typeof value === 'object' &&
    value !== null &&
    'edition' in value &&
    'deployMode' in value &&
    'features' in value
  );
}

export async function loadMeta(): Promise<TMeta> {
  if (meta) return meta;
  if (isMeta(window.__CZ_META__)) {
    meta = window.__CZ_META__;
    return meta;
  }
  const res = await fetch(metaPath, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  const body: unknown = await res.json();
  const data = typeof body === 'object' && body !== null && 'data' in body ? body.data : null;
  if (!res.ok || !isMeta(data)) throw new Error(`Console meta unavailable (${res.status})`);
  meta = data;
  return meta;
}

/** The meta once loaded (start-up loads it before the first render). */
export function getMeta(): TMeta {
  if (!meta) throw new Error('Console meta read before it was loaded');
  return meta;
}

/** For tests. */
export function setMeta(value: TMeta | null): void {
  meta = value;
}
