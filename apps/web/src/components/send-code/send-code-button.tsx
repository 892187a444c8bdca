import { ErrorCode } from '@console/contract/codes';
import { Limits } from '@console/contract/limits';
import { interpolate } from '@console/phrases';
import { useState } from 'react';
import type { TCaptchaAnswer } from '@/api/generate-image-captcha';
import { errorCodeOf, errorDataNumber } from '@/lib/code-errors';
import { useCountdown } from '@/lib/use-countdown';
import { CaptchaPopover, type TCaptchaPopoverTexts } from '../captcha/captcha-popover';
import '../verify.css';

export type TSendCodeTexts = {
  send: string;
  sending: string;
  resend: string;
  /** With `{{seconds}}`. */
  resendIn: string;
  captcha: TCaptchaPopoverTexts;
};

export type TSendCodeButtonProps = {
  /** Sends the code; a resend carries the captcha answer. Answers when the next resend is allowed. */
  send: (captcha: TCaptchaAnswer | null) => Promise<{ resendAfterSeconds?: number }>;
  /** A failed send (the caller shows its text near the code input). */
  onError: (error: unknown) => void;
  /** The text of a failure shown inside the captcha popover (4024, 4025). */
  describe: (error: unknown) => string;
  texts: TSendCodeTexts;
  isDisabled?: boolean;
  /**
   * Why no code can be sent at all on this installation (its SMS or e-mail is not configured):
   * the button is disabled, and the field that holds it shows this text as its message.
   */
  unavailable?: string | null;
  testId?: string;
};

type TState = 'idle' | 'sending' | 'counting' | 'ready';

/**
 * "Send code": loading while the send is in flight, then a 60-second countdown ticking each
 * second; when it ends the resend button comes back, and a resend first goes through the image
 * captcha popover (spec section 4, the secure-verification step). To start afresh for another
 * target, give it another `key`.
 */
export function SendCodeButton({
  send,
  onError,
  describe,
  texts,
  isDisabled = false,
  unavailable = null,
  testId = 'send-code',
}: TSendCodeButtonProps) {
  const countdown = useCountdown();
  const [hasSent, setHasSent] = useState(false);
  const [isSending, setIsSending] = useState(false);
  const [isCaptchaOpen, setIsCaptchaOpen] = useState(false);

  /** Answers a text to show in the captcha popover, or null when it may close. */
  const run = async (captcha: TCaptchaAnswer | null): Promise<string | null> => {
    setIsSending(true);
    try {
      const result = await send(captcha);
      setHasSent(true);
      countdown.start(result.resendAfterSeconds || Limits.resendSeconds);
      return null;
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === ErrorCode.captchaRequired || code === ErrorCode.captchaInvalid) {
        setHasSent(true);
        setIsCaptchaOpen(true);
        return describe(error);
      }
      if (code === ErrorCode.callLimitExceeded) {
        // Sent too recently (e.g. by another step to the same phone): wait as the server says.
        const wait = errorDataNumber(error, 'retryAfterSeconds');
        if (wait) countdown.start(wait);
      }
      onError(error);
      return null;
    } finally {
      setIsSending(false);
    }
  };

  const state: TState = isSending
    ? 'sending'
    : countdown.isCounting
      ? 'counting'
      : hasSent
        ? 'ready'
        : 'idle';
  const label =
    state === 'sending'
      ? texts.sending
      : state === 'counting'
        ? interpolate(texts.resendIn, { seconds: countdown.seconds })
        : state === 'ready'
          ? texts.resend
          : texts.send;

  if (unavailable) {
    return (
      <span className="cz-send-code">
        <button
          type="button"
          className="cz-send-code__button"
          disabled
          aria-describedby={`${testId}-unavailable`}
          data-testid={testId}
          data-state="unavailable"
        >
          <span className="cz-send-code__label">{texts.send}</span>
        </button>
        {/* Shown under the field by its owner (the field's message); read out with the button. */}
        <span className="cz-visually-hidden" id={`${testId}-unavailable`}>
          {unavailable}
        </span>
      </span>
    );
  }

  return (
    <span className="cz-send-code">
      <button
        type="button"
        className="cz-send-code__button"
        disabled={isDisabled || state === 'sending' || state === 'counting'}
        aria-busy={state === 'sending' || undefined}
        aria-haspopup={hasSent ? 'dialog' : undefined}
        aria-expanded={hasSent ? isCaptchaOpen : undefined}
        data-testid={testId}
        data-state={state}
        data-seconds={countdown.seconds}
        onClick={() => {
          if (hasSent) setIsCaptchaOpen(true);
          else void run(null);
        }}
      >
        {state === 'sending' ? <span className="cz-btn__spinner" aria-hidden="true" /> : null}
        <span className="cz-send-code__label" aria-live={state === 'counting' ? 'off' : 'polite'}>
          {label}
        </span>
      </button>
      <CaptchaPopover
        isOpen={isCaptchaOpen}
        texts={texts.captcha}
        onClose={() => setIsCaptchaOpen(false)}
        onConfirm={async (answer) => {
          const failure = await run(answer);
          if (!failure) setIsCaptchaOpen(false);
          return failure;
        }}
      />
    </span>
  );
}
