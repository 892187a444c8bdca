import { LineIcon } from '../ui/line-icon';
import type { TCaptchaState } from './use-captcha';

export type TCaptchaImageTexts = { imageAlt: string; refresh: string; loadFailed: string };

/** The captcha picture: a button that shows another picture when clicked. */
export function CaptchaImage({
  state,
  texts,
  testId = 'captcha-image',
}: {
  state: TCaptchaState;
  texts: TCaptchaImageTexts;
  testId?: string;
}) {
  const { captcha, isLoading, hasFailed, refresh } = state;
  return (
    <button
      type="button"
      className="cz-captcha__image"
      onClick={refresh}
      title={texts.refresh}
      aria-label={texts.refresh}
      aria-busy={isLoading || undefined}
      data-testid={testId}
      data-captcha-id={captcha?.id}
    >
      {captcha ? (
        <img src={captcha.imageBase64} alt={texts.imageAlt} width={110} height={38} draggable={false} />
      ) : hasFailed ? (
        <span className="cz-captcha__failed">{texts.loadFailed}</span>
      ) : (
        <span className="cz-btn__spinner" aria-hidden="true" />
      )}
      <span className="cz-captcha__refresh" aria-hidden="true">
        <LineIcon name="refresh" size={14} />
      </span>
    </button>
  );
}
