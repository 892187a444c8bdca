// A password-hashing thread: computes argon2id hashes and verifications one after another from its
// message queue, so that the next one starts as soon as the previous ends, without waiting for the
// main thread. Plain JavaScript, so that it runs from the sources and from the bundle alike.
import { parentPort } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

parentPort?.on('message', (task) => {
  try {
    const result =
      task.op === 'hash' ? hashSync(task.password, task.options) : verifySync(task.hash, task.password);
    parentPort?.postMessage({ id: task.id, result });
  } catch (error) {
    parentPort?.postMessage({ id: task.id, error: error instanceof Error ? error.message : String(error) });
  }
});
