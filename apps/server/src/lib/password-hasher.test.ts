import { ErrorCode } from '@console/contract/codes';
import { describe, expect, it, onTestFinished } from 'vitest';
import { AppError } from '../errors';
import { createPasswordHasher } from './password-hasher';

describe('password hasher', () => {
  it('hashes with argon2id m=19456 KiB, t=2, p=1 and verifies', async () => {
    const hasher = createPasswordHasher(2, 10);
    onTestFinished(() => hasher.close());
    const hash = await hasher.hash('Demo@2026pass');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, 'Demo@2026pass')).toBe(true);
    expect(await hasher.verify(hash, 'demo@2026pass')).toBe(false);
    expect(await hasher.verify('not a hash', 'x')).toBe(false);
    expect(await hasher.verifyDummy('anything')).toBe(false);
  });

  it('runs at most `concurrency` hashes at once, queues a bounded number, and refuses the rest with 429', async () => {
    const hasher = createPasswordHasher(1, 2);
    onTestFinished(() => hasher.close());
    const hash = await hasher.hash('x');
    const calls = Array.from({ length: 6 }, () => hasher.verify(hash, 'x'));
    expect(hasher.stats()).toEqual({ running: 1, queued: 2 });
    const results = await Promise.allSettled(calls);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled' && r.value === true)).toHaveLength(3);
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      const error = (r as PromiseRejectedResult).reason as AppError;
      expect(error).toBeInstanceOf(AppError);
      expect(error.code).toBe(ErrorCode.tooManyRequests);
      expect(error.headers).toEqual({ 'retry-after': '1' });
    }
    expect(hasher.stats()).toEqual({ running: 0, queued: 0 });
  });
});

describe('password hasher workers', () => {
  it('spreads work over all workers and keeps serving after many calls', async () => {
    const hasher = createPasswordHasher(2, 100);
    onTestFinished(() => hasher.close());
    const hash = await hasher.hash('secret');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => hasher.verify(hash, i % 2 ? 'secret' : 'nope')),
    );
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i % 2 === 1));
    expect(hasher.stats()).toEqual({ running: 0, queued: 0 });
  });

  it('refuses work after close', async () => {
    const hasher = createPasswordHasher(1, 1);
    await hasher.close();
    await expect(hasher.hash('x')).rejects.toThrow(/closed/);
  });
});
