import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createDirectoryStorage } from './storage';

const dir = mkdtempSync(join(tmpdir(), 'console-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('directory storage', () => {
  it('keeps no half file when the content fails at once, before the file is even open', async () => {
    const storage = createDirectoryStorage(dir);
    for (let i = 0; i < 20; i += 1) {
      const failing = new Readable({
        read() {
          this.destroy(new Error('refused'));
        },
      });
      await expect(storage.put(`failing-${String(i).padStart(4, '0')}`, failing)).rejects.toThrow('refused');
    }
    expect(
      readdirSync(dir, { recursive: true })
        .map(String)
        .filter((p) => p.endsWith('.part')),
    ).toEqual([]);
  });

  it('stores, reads and removes a file', async () => {
    const storage = createDirectoryStorage(dir);
    await storage.put('stored-0001', Readable.from(Buffer.from('content')));
    const got = await storage.get('stored-0001');
    expect(got?.size).toBe(7);
    got?.stream.destroy();
    await storage.remove('stored-0001');
    expect(await storage.get('stored-0001')).toBeNull();
  });
});
