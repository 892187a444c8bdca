/**
 * argon2id hashing (m=19456 KiB, t=2, p=1; the parameters travel inside the PHC string) on a pool
 * of worker threads, one per allowed concurrent hash (by default one per core). Each worker holds
 * at most one task besides the one it computes, so that it moves to the next hash without waiting
 * for the main thread; further calls wait in a bounded queue, and beyond it are refused with 429 so
 * that a burst of sign-ins cannot exhaust memory or starve other requests.
 */
import { Worker } from 'node:worker_threads';
import { ErrorCode } from '@console/contract/codes';
import { AppError } from '../errors';

export const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export type TPasswordHasher = {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the same work as a verify, for names that do not exist. */
  verifyDummy(password: string): Promise<false>;
  stats(): { running: number; queued: number };
  close(): Promise<void>;
};

type TTask =
  | { op: 'hash'; password: string; options: typeof argon2Options }
  | { op: 'verify'; hash: string; password: string };

type TPending = { task: TTask; resolve: (value: unknown) => void; reject: (error: Error) => void };

type TSlot = { worker: Worker; inFlight: Map<number, TPending> };

/** Tasks a worker holds at once: the one it computes and the next one. */
const perWorker = 2;

export const workerUrl = new URL('./hash-worker.mjs', import.meta.url);

export function createPasswordHasher(concurrency: number, queueMax: number): TPasswordHasher {
  const waiting: TPending[] = [];
  let nextId = 1;
  let isClosed = false;

  function spawn(): TSlot {
    const slot: TSlot = { worker: new Worker(workerUrl), inFlight: new Map() };
    slot.worker.unref();
    slot.worker.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const pending = slot.inFlight.get(message.id);
      if (!pending) return;
      slot.inFlight.delete(message.id);
      if (message.error !== undefined) pending.reject(new Error(message.error));
      else pending.resolve(message.result);
      dispatch();
    });
    slot.worker.on('error', (error) => {
      for (const pending of slot.inFlight.values()) pending.reject(error);
      slot.inFlight.clear();
      if (!isClosed) {
        const index = slots.indexOf(slot);
        if (index >= 0) slots[index] = spawn();
        dispatch();
      }
    });
    return slot;
  }

  const slots: TSlot[] = Array.from({ length: concurrency }, spawn);

  function send(slot: TSlot, pending: TPending): void {
    const id = nextId;
    nextId += 1;
    slot.inFlight.set(id, pending);
    slot.worker.postMessage({ id, ...pending.task });
  }

  function freeSlot(): TSlot | null {
    let best: TSlot | null = null;
    for (const slot of slots) {
      if (slot.inFlight.size < perWorker && (!best || slot.inFlight.size < best.inFlight.size)) best = slot;
    }
    return best;
  }

  function dispatch(): void {
    for (let slot = freeSlot(); slot && waiting.length > 0; slot = freeSlot()) {
      const next = waiting.shift();
      if (next) send(slot, next);
    }
  }

  function run<T>(task: TTask): Promise<T> {
    if (isClosed) return Promise.reject(new Error('password hasher is closed'));
    return new Promise<T>((resolve, reject) => {
      const pending: TPending = { task, resolve: resolve as (value: unknown) => void, reject };
      const slot = freeSlot();
      const queued = stats().queued;
      // An idle worker starts at once; a busy one may hold the task next if the queue has room.
      if (slot && waiting.length === 0 && (slot.inFlight.size === 0 || queued < queueMax)) {
        send(slot, pending);
        return;
      }
      if (queued >= queueMax) {
        reject(
          new AppError(ErrorCode.tooManyRequests, {
            messageKey: 'loginBusy',
            headers: { 'retry-after': '1' },
          }),
        );
        return;
      }
      waiting.push(pending);
    });
  }

  const verify = async (passwordHash: string, password: string): Promise<boolean> => {
    try {
      return await run<boolean>({ op: 'verify', hash: passwordHash, password });
    } catch (error) {
      if (error instanceof AppError) throw error;
      return false; // a malformed hash never verifies
    }
  };

  function stats(): { running: number; queued: number } {
    const inFlight = slots.reduce((sum, slot) => sum + slot.inFlight.size, 0);
    const running = slots.filter((slot) => slot.inFlight.size > 0).length;
    return { running, queued: inFlight - running + waiting.length };
  }

  // A real hash of a random secret, so that verifying against it costs what a real verify costs.
  let dummyHash: Promise<string> | null = null;

  return {
    hash: (password) => run<string>({ op: 'hash', password, options: argon2Options }),
    verify,
    verifyDummy: async (password) => {
      dummyHash ??= run<string>({
        op: 'hash',
        password: `dummy-${Math.random()}-${Date.now()}`,
        options: argon2Options,
      });
      await verify(await dummyHash, password);
      return false;
    },
    stats,
    close: async () => {
      isClosed = true;
      for (const pending of waiting.splice(0)) pending.reject(new Error('password hasher is closed'));
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
