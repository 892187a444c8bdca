import { Limits } from '@console/contract/limits';
import { useEffect, useRef, useState } from 'react';
import type { TCaptchaAnswer } from '@/api/generate-image-captcha';
import { Button } from '../ui/button';
import { useDismiss } from '../ui/use-dismiss';
import { CaptchaImage, type TCaptchaImageTexts } from './captcha-image';
import { useCaptcha } from './use-captcha';
import '../ui/ui.css';
import '../verify.css';

export type TCaptchaPopoverTexts = TCaptchaImageTexts & {
  title: string;
  hint: string;
  label: string;
  placeholder: string;
  confirm: string;
  cancel: string;
};

export type TCaptchaPopoverProps = {
  isOpen: boolean;
  texts: TCaptchaPopoverTexts;
  /**
   * Called with the answer. Resolve null to close; resolve a text to stay open with that text
   * under the input and a new picture (e.g. 4025: the answer was wrong).
   */
  onConfirm: (answer: TCaptchaAnswer) => Promise<string | null>;
  onClose: () => void;
  /** Where the popover opens, relative to its positioned parent. */
  placement?: 'bottom-end' | 'bottom-start';
};

/**
 * The random image captcha popover (spec section 2 "Modals"; the secure-verification step before
 * a resend): picture (click for another), input of at most 10 characters, confirm disabled while
 * the input is empty.
 */
export function CaptchaPopover({
  isOpen,
  texts,
  onConfirm,
  onClose,
  placement = 'bottom-end',
}: TCaptchaPopoverProps) {
  const state = useCaptcha(isOpen);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useDismiss(panel, isOpen && !isSubmitting, onClose);

  useEffect(() => {
    if (!isOpen) return;
    setValue('');
    setError(null);
    input.current?.focus();
  }, [isOpen]);

  if (!isOpen) return null;
  const answer = value.trim();
  const canConfirm = answer.length > 0 && state.captcha !== null && !isSubmitting;

  const submit = async () => {
    if (!canConfirm || !state.captcha) return;
    setIsSubmitting(true);
    setError(null);
    try {
      const failure = await onConfirm({ captchaId: state.captcha.id, captchaCode: answer });
      if (failure) {
        setError(failure);
        setValue('');
        state.refresh();
        input.current?.focus();
      }
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <div
      ref={panel}
      className={`cz-captcha-popover cz-captcha-popover--${placement}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby="captcha-popover-title"
      data-testid="captcha-popover"
    >
      {/*
        Not a form: the popover sits inside other forms (the code screen, the verification
        dialog), and a nested form's submit event does not reach React. Enter confirms here and
        never submits the surrounding form.
      */}
      <div className="cz-captcha-popover__form">
        <div className="cz-captcha-popover__title" id="captcha-popover-title">
          {texts.title}
        </div>
        <p className="cz-captcha-popover__hint">{texts.hint}</p>
        <div className="cz-captcha-popover__row">
          <input
            ref={input}
            className={`cz-captcha-popover__input${error ? ' is-invalid' : ''}`}
            value={value}
            onChange={(e) => setValue(e.target.value.slice(0, Limits.captchaMax))}
            maxLength={Limits.captchaMax}
            placeholder={texts.placeholder}
            aria-label={texts.label}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              event.stopPropagation();
              void submit();
            }}
            data-testid="captcha-input"
          />
          <CaptchaImage state={state} texts={texts} />
        </div>
        {error ? (
          <p className="cz-captcha-popover__error" role="alert" data-testid="captcha-error">
            {error}
          </p>
        ) : null}
        <div className="cz-captcha-popover__actions">
          <Button size="middle" variant="text" onClick={onClose} data-testid="captcha-cancel">
            {texts.cancel}
          </Button>
          <Button
            variant="primary"
            disabled={!canConfirm}
            isLoading={isSubmitting}
            onClick={() => void submit()}
            data-testid="captcha-confirm"
          >
            {texts.confirm}
          </Button>
        </div>
      </div>
    </div>
  );
}
