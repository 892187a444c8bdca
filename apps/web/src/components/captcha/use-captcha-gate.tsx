/**
 * A call the server may ask the image captcha of (4024, or 4025 for a wrong answer): after many
 * failures from the client's address (decision 0012), code checks and the reset lookup need it.
 * `run` makes the call; when it is asked for the captcha, the popover opens and the call is made
 * again with the answer, until it is answered otherwise. Closing the popover ends the run with the
 * failure that asked for it.
 */
import { ErrorCode } from '@console/contract/codes';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import type { TCaptchaAnswer } from '@/api/generate-image-captcha';
import { errorCodeOf } from '@/lib/code-errors';
import { CaptchaPopover, type TCaptchaPopoverProps, type TCaptchaPopoverTexts } from './captcha-popover';

export function isCaptchaAsked(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code === ErrorCode.captchaRequired || code === ErrorCode.captchaInvalid;
}

type TPending = {
  call: (captcha: TCaptchaAnswer | null) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  error: unknown;
};

export type TCaptchaGate = {
  run: <T>(call: (captcha: TCaptchaAnswer | null) => Promise<T>) => Promise<T>;
  /** The popover; render it inside a positioned element near the action. */
  popover: ReactNode;
};

export function useCaptchaGate(
  texts: TCaptchaPopoverTexts,
  /** The text shown in the popover when the answer was not accepted. */
  describe: (error: unknown) => string,
  placement: TCaptchaPopoverProps['placement'] = 'bottom-end',
): TCaptchaGate {
  const pending = useRef<TPending | null>(null);
  const [isOpen, setIsOpen] = useState(false);

  const run = useCallback(
    <T,>(call: (captcha: TCaptchaAnswer | null) => Promise<T>): Promise<T> =>
      call(null).catch((error: unknown) => {
        if (!isCaptchaAsked(error)) throw error;
        return new Promise<T>((resolve, reject) => {
          pending.current = { call, resolve: resolve as (value: unknown) => void, reject, error };
          setIsOpen(true);
        });
      }),
    [],
  );

  const finish = (settle: (p: TPending) => void) => {
    const current = pending.current;
    pending.current = null;
    setIsOpen(false);
    if (current) settle(current);
  };

  const popover = (
    <CaptchaPopover
      isOpen={isOpen}
      texts={texts}
      placement={placement}
      onClose={() => finish((p) => p.reject(p.error))}
      onConfirm={async (answer) => {
        const current = pending.current;
        if (!current) return null;
        try {
          const result = await current.call(answer);
          finish((p) => p.resolve(result));
          return null;
        } catch (error) {
          if (isCaptchaAsked(error)) return describe(error);
          finish((p) => p.reject(error));
          return null;
        }
      }}
    />
  );

  return { run, popover };
}
