import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerWithPasskey, PasskeyError } from './passkey';

const options = {
  challenge: 'Y2hhbGxlbmdlLTAxMjM0NTY3ODk',
  rpId: 'localhost',
  allowCredentials: [],
  userVerification: 'preferred',
  timeout: 300_000,
} as never;

/** What the page's `navigator.credentials.get` was asked: its signal, and whether it was aborted. */
let asked: { signal: AbortSignal | null }[];

beforeEach(() => {
  asked = [];
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  // A device without the user's passkey: the request stays open until its signal aborts it.
  vi.stubGlobal('navigator', {
    ...navigator,
    credentials: {
      get: (request: { signal?: AbortSignal }) => {
        const signal = request.signal ?? null;
        asked.push({ signal });
        return new Promise((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      },
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('answerWithPasskey', () => {
  it("cancels the device's pending request when the caller's signal aborts", async () => {
    const caller = new AbortController();
    const answer = answerWithPasskey(options, caller.signal);
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]?.signal?.aborted).toBe(false);
    caller.abort();
    expect(asked[0]?.signal?.aborted).toBe(true);
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PasskeyError);
    expect((error as PasskeyError).kind).toBe('cancelled');
  });

  it('asks the device nothing when the signal aborted before', async () => {
    const caller = new AbortController();
    caller.abort();
    const error = await answerWithPasskey(options, caller.signal).catch((e: unknown) => e);
    expect((error as PasskeyError).kind).toBe('cancelled');
    expect(asked).toEqual([]);
  });
});
