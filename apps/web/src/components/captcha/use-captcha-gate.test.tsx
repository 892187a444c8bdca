import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TCaptchaAnswer } from '@/api/generate-image-captcha';
import { ApiError } from '@/lib/api-client';
import { useCaptchaGate } from './use-captcha-gate';

const texts = {
  title: 'Security verification',
  hint: 'Enter the characters shown in the picture.',
  label: 'Characters in the picture',
  placeholder: 'Characters',
  confirm: 'Confirm',
  cancel: 'Cancel',
  imageAlt: 'Verification picture',
  refresh: 'Show another picture',
  loadFailed: 'Failed',
};

function refusal(code: number) {
  return new ApiError({
    kind: 'business',
    code,
    status: 200,
    path: '/api/portal/common/checkAuthCode',
    message: `refused ${code}`,
  });
}

let served = 0;
function serveCaptchas() {
  served = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      served += 1;
      return new Response(
        JSON.stringify({
          code: 0,
          message: 'ok',
          data: { id: `cap-${served}`, imageBase64: 'data:image/svg+xml;base64,PHN2Zy8+' },
        }),
        { status: 200 },
      );
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

/** A check whose answers are scripted: each call takes the next one. */
function Harness({ answers }: { answers: ((captcha: TCaptchaAnswer | null) => Promise<string>)[] }) {
  const gate = useCaptchaGate(texts, (error) => (error as Error).message);
  const [outcome, setOutcome] = useState('pending');
  const calls = { n: 0 };
  return (
    <div>
      <button
        type="button"
        data-testid="check"
        onClick={() =>
          gate
            .run((captcha) => {
              const answer = answers[calls.n] ?? answers[answers.length - 1];
              calls.n += 1;
              return answer ? answer(captcha) : Promise.reject(new Error('no answer'));
            })
            .then(
              (value) => setOutcome(`done ${value}`),
              (error: unknown) => setOutcome(`failed ${(error as Error).message}`),
            )
        }
      >
        check
      </button>
      <span data-testid="outcome">{outcome}</span>
      {gate.popover}
    </div>
  );
}

async function answerCaptcha(text: string) {
  await act(async () => {});
  fireEvent.change(screen.getByTestId('captcha-input'), { target: { value: text } });
  await act(async () => {
    fireEvent.click(screen.getByTestId('captcha-confirm'));
  });
}

describe('useCaptchaGate', () => {
  it('passes an answer through when no captcha is asked for', async () => {
    const seen: (TCaptchaAnswer | null)[] = [];
    render(
      <Harness
        answers={[
          async (captcha) => {
            seen.push(captcha);
            return 'token';
          },
        ]}
      />,
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId('check'));
    });
    expect(screen.getByTestId('outcome').textContent).toBe('done token');
    expect(seen).toEqual([null]);
    expect(screen.queryByTestId('captcha-popover')).toBeNull();
  });

  it('opens the popover on 4024, keeps it open on 4025, and answers the call made with the captcha', async () => {
    serveCaptchas();
    const seen: (TCaptchaAnswer | null)[] = [];
    render(
      <Harness
        answers={[
          async (captcha) => {
            seen.push(captcha);
            throw refusal(4024);
          },
          async (captcha) => {
            seen.push(captcha);
            throw refusal(4025);
          },
          async (captcha) => {
            seen.push(captcha);
            return 'token';
          },
        ]}
      />,
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId('check'));
    });
    expect(screen.getByTestId('captcha-popover')).toBeTruthy();
    expect(screen.getByTestId('outcome').textContent).toBe('pending');
    await answerCaptcha('wrong');
    expect(screen.getByTestId('captcha-error').textContent).toBe('refused 4025');
    await answerCaptcha('ab7k');
    expect(screen.getByTestId('outcome').textContent).toBe('done token');
    expect(screen.queryByTestId('captcha-popover')).toBeNull();
    expect(seen).toEqual([
      null,
      { captchaId: 'cap-1', captchaCode: 'wrong' },
      { captchaId: 'cap-2', captchaCode: 'ab7k' },
    ]);
  });

  it('ends with the refusal that asked when the popover is closed, and with other failures as they come', async () => {
    serveCaptchas();
    const { unmount } = render(
      <Harness
        answers={[
          async () => {
            throw refusal(4024);
          },
        ]}
      />,
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId('check'));
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('captcha-cancel'));
    });
    expect(screen.getByTestId('outcome').textContent).toBe('failed refused 4024');
    unmount();

    render(
      <Harness
        answers={[
          async () => {
            throw refusal(4024);
          },
          async () => {
            throw refusal(4095);
          },
        ]}
      />,
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId('check'));
    });
    await answerCaptcha('ab7k');
    expect(screen.getByTestId('outcome').textContent).toBe('failed refused 4095');
    expect(screen.queryByTestId('captcha-popover')).toBeNull();
  });
});
