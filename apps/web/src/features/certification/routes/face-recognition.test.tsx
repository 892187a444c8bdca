import enCertification from '@console/phrases/en-us/certification';
import enCommon from '@console/phrases/en-us/common';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMeta } from '@/lib/meta';
import { providePhrases } from '@/lib/phrases';
import { fakeApi, type TApiCall } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { FaceRecognition } from './face-recognition';
import FaceRecognitionSuccessfulPage from './face-recognition-successful';

const token = 'tok_0123456789abcdef';
let calls: TApiCall[];
let isSignedIn: boolean;

beforeAll(() => {
  for (const lang of ['en-US', 'zh-CN'] as const) {
    providePhrases(lang, 'common', enCommon);
    providePhrases(lang, 'certification', enCertification);
  }
});
beforeEach(() => {
  setMeta(testMeta());
  isSignedIn = false;
  calls = fakeApi((call) => {
    if (call.path === '/api/portal/billing/certification/faceVerify')
      return isSignedIn
        ? { providerUrl: `http://console.test/api/dev/face/S1234567?token=${token}` }
        : { code: 401, message: 'Not signed in' };
    return { code: 404, message: 'not found' };
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setMeta(null);
  window.history.replaceState(null, '', '/');
});

function renderFace(search: string) {
  window.history.replaceState(null, '', `/faceRecognition${search}`);
  const go = vi.fn();
  const signIn = (onSignedIn: () => void) => (
    <button
      type="button"
      data-testid="fake-sign-in"
      onClick={() => {
        isSignedIn = true;
        onSignedIn();
      }}
    >
      sign in
    </button>
  );
  render(<FaceRecognition signIn={signIn} go={go} />);
  return go;
}

describe('the face page', () => {
  it('asks for the mobile sign-in without a session, then goes to the liveness check', async () => {
    const go = renderFace(`?token=${token}`);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    await act(async () => fireEvent.click(await screen.findByTestId('fake-sign-in')));
    await waitFor(() =>
      expect(go).toHaveBeenCalledWith(`http://console.test/api/dev/face/S1234567?token=${token}`),
    );
    expect(calls.filter((c) => c.path.endsWith('/faceVerify')).map((c) => c.body)).toEqual([
      { token },
      { token },
    ]);
  });

  it("shows the face error's message with a retry", async () => {
    isSignedIn = true;
    const go = renderFace(`?token=${token}&error=CAMERA_PERMISSION`);
    expect(screen.getByTestId('face-page-message').textContent).toBe(
      'The camera is not allowed. Allow camera access and try again.',
    );
    expect(calls).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByTestId('face-retry')));
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    expect(window.location.search).toBe(`?token=${token}`);
  });

  it('shows an incomplete address without a token', () => {
    renderFace('');
    expect(screen.getByTestId('face-no-token')).toBeTruthy();
    expect(screen.queryByTestId('face-retry')).toBeNull();
  });

  it('tells the phone to return to the computer once done', () => {
    render(<FaceRecognitionSuccessfulPage />);
    expect(screen.getByTestId('face-success').textContent).toContain('Return to your computer');
  });
});
