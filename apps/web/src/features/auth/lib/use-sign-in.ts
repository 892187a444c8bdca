/**
 * The sign-in of both login forms (the page's and the mobile one): the check of the three fields,
 * the image captcha once the server asks for it, the call (`submit-login`, loaded with the first
 * submit), and its outcome: the wrong-password attempts or the lock, the block of the client's
 * address with its countdown, 5066 to the password reset, the server's field errors, the second
 * step, or the success. Each form keeps its own layout and texts and says what happens next.
 * Light on purpose (React and the contract's rules only): the login page's first load carries it.
 */
import type { TMeta } from '@console/contract';
import type { TPhrases } from '@console/phrases';
import { type FormEvent, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { TCaptchaFieldHandle } from '@/components/captcha/captcha-field';
import { chunkLoader, isChunkLoadError } from '@/lib/lazy';
import { interpolate } from '@/lib/phrases';
import type { TLoginBody, TLoginResult } from '../api/login';
import type { TFieldErrors, TFormMessage, TLoginFailure } from './submit-login';
import { loginFields, type TLoginField, type TLoginValues, validateLogin } from './validate-login';

/** The submit (encryption, the login call, its outcomes): loaded at the first submit, under the chunk timer. */
const loadSubmitLogin = chunkLoader(() => import('./submit-login'));

export type TSignInOptions = {
  meta: TMeta;
  texts: { validation: TPhrases['validation']; common: TPhrases['common'] };
  /** The public IP lookup, started when the page opened. */
  ipLookup?: (() => Promise<string | null>) | undefined;
  /** After the sign-in (token received), with the names as sent (trimmed). */
  onSignedIn: (result: TLoginResult, values: TLoginValues) => Promise<void> | void;
  /** The password is right and a second step is required (no token yet). */
  onSecondStep: (challenge: TLoginResult, body: TLoginBody) => Promise<void> | void;
};

export type TAnnouncement = { seq: number; message: TFormMessage | null };

export type TSignIn = {
  /** The inputs of the three fields: the first with an error gets the focus. */
  refs: Record<TLoginField, RefObject<HTMLInputElement | null>>;
  errors: TFieldErrors;
  setErrors: (next: TFieldErrors | ((prev: TFieldErrors) => TFieldErrors)) => void;
  /** What the form shows above its button; the lock and the block count down each second. */
  message: TFormMessage | null;
  /** What screen readers hear: each message once, as it was given (not each tick of a countdown). */
  announcement: TAnnouncement;
  /** Shows a message (e.g. why the second step ended), or clears it. */
  show: (next: TFormMessage | null) => void;
  /** The next sign-in needs the image captcha (the form renders its field with `captchaRef`). */
  needsCaptcha: boolean;
  captchaRef: RefObject<TCaptchaFieldHandle | null>;
  isSubmitting: boolean;
  /** Focuses the first field with an error. */
  focusFirst: (errors: TFieldErrors) => void;
  /** Checks the values (the first wrong field gets the focus) and signs in. */
  submit: (values: TLoginValues, event?: FormEvent) => Promise<void>;
};

/** The text of a form message in the form's language. */
export function formMessageText(message: TFormMessage | null, t: TPhrases['login']): string {
  if (message?.kind === 'locked') return interpolate(t.locked, { seconds: message.seconds });
  if (message?.kind === 'blocked') return interpolate(t.addressBlocked, { seconds: message.seconds });
  if (message?.kind === 'attempts')
    return interpolate(t.attempts, { current: message.current, total: message.total });
  return message?.text ?? '';
}

export function useSignIn(options: TSignInOptions): TSignIn {
  const { meta, texts, ipLookup, onSignedIn, onSecondStep } = options;
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [message, setMessage] = useState<TFormMessage | null>(null);
  const [announcement, setAnnouncement] = useState<TAnnouncement>({ seq: 0, message: null });
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const captchaRef = useRef<TCaptchaFieldHandle>(null);
  const refs = {
    accountDisplayName: useRef<HTMLInputElement>(null),
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  const show = useCallback((next: TFormMessage | null) => {
    setMessage(next);
    setAnnouncement((prev) => ({ seq: prev.seq + 1, message: next }));
  }, []);

  // The lock (of the name, or the block of the address) counts down each second, then the message
  // goes away.
  const countingKind = message?.kind === 'locked' || message?.kind === 'blocked' ? message.kind : null;
  const countingSeconds = message?.kind === 'locked' || message?.kind === 'blocked' ? message.seconds : null;
  useEffect(() => {
    if (countingKind === null || countingSeconds === null) return;
    if (countingSeconds <= 0) {
      setMessage(null);
      return;
    }
    const id = setTimeout(() => setMessage({ kind: countingKind, seconds: countingSeconds - 1 }), 1000);
    return () => clearTimeout(id);
  }, [countingKind, countingSeconds]);

  const focusFirst = (found: TFieldErrors) => {
    const first = loginFields.find((f) => found[f]);
    if (first) refs[first].current?.focus();
  };

  const showFailure = (failure: TLoginFailure): void => {
    if (failure.needsCaptcha) setNeedsCaptcha(true);
    if (failure.fieldErrors) {
      setErrors(failure.fieldErrors);
      focusFirst(failure.fieldErrors);
    } else if (failure.message) show(failure.message);
  };

  const submit = async (values: TLoginValues, event?: FormEvent): Promise<void> => {
    event?.preventDefault();
    if (isSubmitting) return;
    const keys = validateLogin(values);
    const next: TFieldErrors = {};
    for (const field of loginFields) {
      const key = keys[field];
      if (key) next[field] = texts.validation[key];
    }
    setErrors(next);
    if (Object.keys(next).length > 0) {
      focusFirst(next);
      return;
    }
    // After repeated failures the captcha is required (its field shows what is missing).
    const captcha = needsCaptcha ? (captchaRef.current?.read() ?? false) : null;
    if (captcha === false) return;
    const current = {
      ...values,
      accountDisplayName: values.accountDisplayName.trim(),
      username: values.username.trim(),
    };
    setIsSubmitting(true);
    show(null);
    try {
      const { attemptLogin } = await loadSubmitLogin();
      const outcome = await attemptLogin(current, meta, { ipLookup, captcha }, texts.common);
      if (outcome.kind === 'failed') showFailure(outcome.failure);
      else if (outcome.kind === 'secondStep') await onSecondStep(outcome.challenge, outcome.body);
      else await onSignedIn(outcome.result, current);
    } catch (error) {
      // A chunk that did not arrive within the spec's timeout (the submit's or the console's).
      const text = isChunkLoadError(error) ? texts.common.chunkLoadFailed : texts.common.requestFailed;
      showFailure({ message: { kind: 'error', text } });
    } finally {
      setIsSubmitting(false);
      // A captcha answer serves once.
      if (captcha) captchaRef.current?.refresh();
    }
  };

  return {
    refs,
    errors,
    setErrors,
    message,
    announcement,
    show,
    needsCaptcha,
    captchaRef,
    isSubmitting,
    focusFirst,
    submit,
  };
}
