import { ErrorCode } from '@console/contract/codes';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { createPasswordHasher } from './password-hasher';

describe('password hasher', () => {
  it('hashes with argon2id m=19456 KiB, t=2, p=1 and verifies', async () => {
    const hasher = createPasswordHasher(2, 10);
    const hash = await hasher.hash('Demo@2026pass');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, 'Demo@2026pass')).toBe(true);
    expect(await hasher.verify(hash, 'demo@2026pass')).toBe(false);
    expect(await hasher.verify('not a hash', 'x')).toBe(false);
    expect(await hasher.verifyDummy('anything')).toBe(false);
  });

  it('runs at most `concurrency` hashes at once, queues a bounded number, and refuses the rest with 429', async () => {
    const hasher = createPasswordHasher(1, 2);
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
