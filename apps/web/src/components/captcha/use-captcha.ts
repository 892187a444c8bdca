/**
 * Loads image captchas (single use): one on demand, a new one after each attempt or on click; the
 * old one is dropped as soon as the next is asked for.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { generateImageCaptcha, type TCaptcha } from '@/api/generate-image-captcha';

export type TCaptchaState = {
  captcha: TCaptcha | null;
  isLoading: boolean;
  hasFailed: boolean;
  refresh: () => void;
};

export function useCaptcha(
  isActive: boolean,
  load: () => Promise<TCaptcha> = generateImageCaptcha,
): TCaptchaState {
  const [captcha, setCaptcha] = useState<TCaptcha | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  const seq = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const refresh = useCallback(() => {
    seq.current += 1;
    const mine = seq.current;
    // The picture shown served its turn (an answer is checked once): none is offered until the
    // next one arrives, so that no answer goes out with a spent id.
    setCaptcha(null);
    setIsLoading(true);
    setHasFailed(false);
    loadRef.current().then(
      (next) => {
        if (mine !== seq.current) return;
        setCaptcha(next);
        setIsLoading(false);
      },
      () => {
        if (mine !== seq.current) return;
        setCaptcha(null);
        setIsLoading(false);
        setHasFailed(true);
      },
    );
  }, []);

  useEffect(() => {
    if (isActive) refresh();
    else {
      seq.current += 1;
      setCaptcha(null);
    }
  }, [isActive, refresh]);

  return { captcha, isLoading, hasFailed, refresh };
}
