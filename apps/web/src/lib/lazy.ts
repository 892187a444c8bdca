/** Loading of code-split chunks: memoised, with the spec's load timeout (120 s). */
import { LightLimits } from '@console/contract/light-limits';
import { type ComponentType, createElement, type ReactNode } from 'react';

export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

/** True for a failed or timed-out dynamic import (the browsers word it differently). */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Failed to fetch/i.test(
    error.message,
  );
}

/**
 * Wraps a chunk loader: one load at a time (memoised), rejected with ChunkLoadError on failure or
 * after `timeoutMs`; a failed load is forgotten so that a retry loads again.
 */
export function chunkLoader<T>(
  load: () => Promise<T>,
  timeoutMs: number = LightLimits.chunkLoadTimeoutMs,
): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (pending) return pending;
    const attempt = new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError('Chunk load timed out')), timeoutMs);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (cause: unknown) => {
          clearTimeout(timer);
          reject(
            cause instanceof ChunkLoadError ? cause : new ChunkLoadError('Chunk load failed', { cause }),
          );
        },
      );
    });
    pending = attempt;
    attempt.catch(() => {
      if (pending === attempt) pending = null;
    });
    return attempt;
  };
}

/**
 * A table of chunk loaders (each entry's first element), every one wrapped in `chunkLoader`: for
 * tables of pages that name their loaders side by side (`app/public-page-table.ts`).
 */
export function chunkLoaders<T extends Record<string, readonly [() => Promise<unknown>, ...unknown[]]>>(
  table: T,
  timeoutMs: number = LightLimits.chunkLoadTimeoutMs,
): T {
  return Object.fromEntries(
    Object.entries(table).map(([key, [load, ...rest]]) => [key, [chunkLoader(load, timeoutMs), ...rest]]),
  ) as unknown as T;
}

/** Runs `task` when the browser is idle (after first paint), or soon after where unsupported. */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}

/** How long a failed load keeps failing the renders of its page before a render loads again. */
const failureHoldMs = 2000;

export type TLazyPage<P> = ((props: P) => ReactNode) & {
  /** Loads the chunk (memoised by `load`); rendering after it resolved does not suspend. */
  preload: () => Promise<unknown>;
};

/**
 * Like React.lazy, but a page whose chunk was preloaded renders at once. (React.lazy suspends on
 * its first render even when the chunk is there, and React then holds the reveal for up to
 * 300 ms: a visible delay on the first paint of the login page.)
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): TLazyPage<P> {
  let page: ComponentType<P> | null = null;
  let failure: unknown = null;
  let hasFailed = false;
  let failedAt = 0;
  const preload = () =>
    load().then(
      (mod) => {
        page = mod.default;
        hasFailed = false;
        return mod;
      },
      (error: unknown) => {
        failure = error;
        hasFailed = true;
        failedAt = Date.now();
        throw error;
      },
    );
  const renderPage = (props: P): ReactNode => {
    if (page) return createElement(page, props);
    if (hasFailed) {
      // React renders again right after an error, to recover: those renders must fail too, or one
      // would start a new load and the error would show only after a second timeout. A render a
      // while later (the user coming back to the page) loads again.
      if (Date.now() - failedAt < failureHoldMs) throw failure;
      hasFailed = false;
    }
    throw preload().catch(() => undefined);
  };
  return Object.assign(renderPage, { preload });
}
