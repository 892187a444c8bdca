/** Loading of code-split chunks: memoised, with the spec's load timeout (120 s). */
import { Limits } from '@console/contract/limits';

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
  timeoutMs: number = Limits.chunkLoadTimeoutMs,
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

/** Runs `task` when the browser is idle (after first paint), or soon after where unsupported. */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}
