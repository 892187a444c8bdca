/**
 * Where uploaded files live, outside the database: a folder (`UPLOAD_DIR`, default
 * `<DATA_DIR>/uploads`). Files are named by a random key the caller chooses, never by the user's
 * file name; a file is written under a temporary name and renamed once complete, so a reader
 * never sees half a file. Several replicas need a shared folder, or the object store
 * (s3-storage.ts, `STORAGE=s3`).
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type TStorage = {
  /** Writes the stream under `key`; on failure nothing stays behind. */
  put(key: string, content: Readable): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
  /** Releases what the storage holds (connections), when it holds anything. */
  close?(): void;
};

/** A key is the caller's random id: letters, digits, `_` and `-`. */
export const storageKeyPattern = /^[A-Za-z0-9_-]{8,128}$/;

export function createDirectoryStorage(dir: string): TStorage {
  function pathOf(key: string): string {
    if (!storageKeyPattern.test(key)) throw new Error('invalid storage key');
    return join(dir, key.slice(0, 2), key);
  }

  return {
    async put(key, content) {
      const path = pathOf(key);
      await mkdir(join(dir, key.slice(0, 2)), { recursive: true });
      const partial = `${path}.part`;
      const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(content, out);
        await rename(partial, path);
      } catch (error) {
        // A stream destroyed before its file is open still opens (creates) it, then closes: wait
        // for that, or the removal runs first and the half file stays behind.
        if (!out.closed) await once(out, 'close').catch(() => undefined);
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const { size } = await stat(path);
        return { stream: createReadStream(path), size };
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
