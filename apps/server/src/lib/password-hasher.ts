/**
 * argon2id hashing (m=19456 KiB, t=2, p=1; the parameters travel inside the PHC string), with the
 * work capped at a fixed concurrency: excess calls wait in a bounded queue, and beyond it are
 * refused with 429 so that a burst of sign-ins cannot exhaust memory or starve other requests.
 */

import { ErrorCode } from '@console/contract/codes';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../errors';

export const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export type TPasswordHasher = {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the same work as a verify, for names that do not exist. */
  verifyDummy(password: string): Promise<false>;
  stats(): { running: number; queued: number };
};

export function createPasswordHasher(concurrency: number, queueMax: number): TPasswordHasher {
  let running = 0;
  const queue: (() => void)[] = [];

  async function limited<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (queue.length >= queueMax) {
        throw new AppError(ErrorCode.tooManyRequests, {
          messageKey: 'loginBusy',
          headers: { 'retry-after': '1' },
        });
      }
      await new Promise<void>((resolve) => queue.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      const next = queue.shift();
      if (next) next();
      else running -= 1;
    }
  }

  // A real hash of a random secret, so that verifying against it costs what a real verify costs.
  let dummyHash: Promise<string> | null = null;
  const getDummy = () => {
    dummyHash ??= hash(`dummy-${Math.random()}-${Date.now()}`, argon2Options);
    return dummyHash;
  };

  return {
    hash: (password) => limited(() => hash(password, argon2Options)),
    verify: (passwordHash, password) =>
      limited(async () => {
        try {
          return await verify(passwordHash, password);
        } catch {
          return false;
        }
      }),
    verifyDummy: async (password) => {
      const dummy = await getDummy();
      await limited(async () => {
        try {
          await verify(dummy, password);
        } catch {
          // the outcome is irrelevant: only the time spent matters
        }
      });
      return false;
    },
    stats: () => ({ running, queued: queue.length }),
  };
}
