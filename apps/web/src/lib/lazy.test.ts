import { Limits } from '@console/contract/limits';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, chunkLoader, chunkLoaders, isChunkLoadError, lazyPage } from './lazy';

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
afterEach(() => vi.useRealTimers());

const never = () => new Promise<never>(() => {});

describe('the chunk-load timer (spec section 9: 120 seconds)', () => {
  it('is the spec’s 120 seconds', () => {
    expect(Limits.chunkLoadTimeoutMs).toBe(120_000);
  });

  it('fails a chunk that never arrives after 120 seconds, not before', async () => {
    const load = chunkLoader(never);
    const outcome = load().then(
      () => 'loaded',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(119_999);
    expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('loads once while pending, and again after a failure', async () => {
    const inner = vi.fn(never);
    const load = chunkLoader(inner);
    const first = load();
    expect(load()).toBe(first);
    first.catch(() => {});
    await vi.advanceTimersByTimeAsync(120_000);
    await expect(first).rejects.toBeInstanceOf(ChunkLoadError);
    const retry = load();
    retry.catch(() => {});
    expect(retry).not.toBe(first);
    expect(inner).toHaveBeenCalledTimes(2);
  });

  it('turns a failed import into a ChunkLoadError at once', async () => {
    const load = chunkLoader(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await expect(load()).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('puts every loader of a table under the timer, keeping the rest of each entry', async () => {
    const table = chunkLoaders({ a: [never, ['common']], b: [async () => 'b', ['login']] });
    expect(table.a[1]).toEqual(['common']);
    await expect(table.b[0]()).resolves.toBe('b');
    const a = table.a[0]();
    a.catch(() => {});
    await vi.advanceTimersByTimeAsync(120_000);
    await expect(a).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('keeps failing the page’s renders right after a failure (React’s recovery), and loads again later', async () => {
    const inner = vi.fn(never);
    const Page = lazyPage(chunkLoader(inner) as () => Promise<{ default: () => null }>);
    const pending = Page.preload();
    pending.catch(() => {});
    await vi.advanceTimersByTimeAsync(120_000);
    await expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    // The renders that follow at once throw the failure itself: no new load, no second wait.
    expect(() => Page({})).toThrow(ChunkLoadError);
    expect(() => Page({})).toThrow(ChunkLoadError);
    expect(inner).toHaveBeenCalledTimes(1);
    // Coming back to the page later loads it again (it suspends on a new load).
    vi.setSystemTime(Date.now() + 5_000);
    let thrown: unknown;
    try {
      Page({});
    } catch (value) {
      thrown = value;
    }
    expect(thrown).toBeInstanceOf(Promise);
    expect(inner).toHaveBeenCalledTimes(2);
  });
});
