/**
 * The Huawei-cloud license activation of the login page (spec section 2 "Login"), a chunk of its
 * own loaded when its button is pressed: the license (required, not empty), the activation, and
 * the licenses of this installation with their status and times.
 */
import { ErrorCode } from '@console/contract/codes';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LineIcon } from '@/components/ui/line-icon';
import { notConfiguredText } from '@/lib/adapters';
import { asApiError } from '@/lib/code-errors';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/notifier';
import { getPhrases } from '@/lib/phrases';
import { activateLicense, type TLicense } from '../api/activate-license';
import { listLicenses } from '../api/list-licenses';
import '../license.css';

type TList = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; licenses: TLicense[] };

/** A long license, shortened for the list (the whole text is its title). */
function shorten(license: string): string {
  return license.length > 28 ? `${license.slice(0, 12)}…${license.slice(-12)}` : license;
}

export default function HuaweiLicense({ onBack }: { onBack: () => void }) {
  const t = getPhrases('license');
  const v = getPhrases('validation');
  const errors = getPhrases('errors');
  const c = getPhrases('common');
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [list, setList] = useState<TList>({ status: 'loading' });
  const input = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    let isCancelled = false;
    listLicenses().then(
      (licenses) => {
        if (!isCancelled) setList({ status: 'ready', licenses });
      },
      () => {
        if (!isCancelled) setList({ status: 'failed' });
      },
    );
    input.current?.focus();
    return () => {
      isCancelled = true;
    };
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    const license = value.trim();
    if (!license) {
      setError(v.licenseRequired);
      input.current?.focus();
      return;
    }
    setIsSubmitting(true);
    setError(null);
    try {
      const activated = await activateLicense(license);
      toast({ level: 'success', title: t.activated });
      setValue('');
      setList((prev) => ({
        status: 'ready',
        licenses: [
          activated,
          ...(prev.status === 'ready' ? prev.licenses : []).filter((l) => l.license !== activated.license),
        ],
      }));
    } catch (cause) {
      const api = asApiError(cause);
      const code = api?.code;
      setError(
        code === ErrorCode.licenseInvalid || code === ErrorCode.licenseExpired
          ? api?.message || errors[code]
          : api?.kind === 'network'
            ? c.networkError
            : api?.message || c.requestFailed,
      );
      input.current?.focus();
    } finally {
      setIsSubmitting(false);
    }
  };

  const errorId = `${id}-error`;
  // No licence-verification key on this installation: no licence can be activated.
  const unavailable = notConfiguredText('license', errors);
  return (
    <section className="cz-license" data-testid="license-screen" aria-labelledby={`${id}-title`}>
      <button type="button" className="cz-license__back" onClick={onBack} data-testid="license-back">
        <LineIcon name="arrowLeft" size={15} />
        {t.back}
      </button>
      <div className="cz-license__badge" aria-hidden="true">
        <LineIcon name="key" size={26} />
      </div>
      <h1 className="cz-login__title" id={`${id}-title`}>
        {t.title}
      </h1>
      <p className="cz-license__hint">{t.subtitle}</p>
      {unavailable ? (
        <Alert isAnnounced={false} testId="license-not-configured">
          {unavailable}
        </Alert>
      ) : null}
      <form className="cz-license__form" noValidate onSubmit={submit}>
        <div className={`cz-field${error ? ' cz-field--error' : ''}`}>
          <label className="cz-field__label" htmlFor={`${id}-input`}>
            {t.label}
          </label>
          <textarea
            ref={input}
            id={`${id}-input`}
            className="cz-license__input"
            value={value}
            placeholder={t.placeholder}
            spellCheck={false}
            autoCapitalize="none"
            onChange={(e) => {
              setValue(e.target.value);
              if (error) setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            data-testid="license-input"
          />
          {error ? (
            <p className="cz-field__error" id={errorId} role="alert" data-testid="license-error">
              {error}
            </p>
          ) : null}
        </div>
        <Button
          type="submit"
          variant="primary"
          size="large"
          isBlock
          isLoading={isSubmitting}
          disabled={unavailable !== null}
          data-testid="license-activate"
        >
          {isSubmitting ? t.activating : t.activate}
        </Button>
      </form>
      <h2 className="cz-license__list-title">{t.listTitle}</h2>
      {list.status === 'loading' ? (
        <div className="cz-license__empty" aria-busy="true">
          <span className="cz-btn__spinner" aria-hidden="true" />
        </div>
      ) : list.status === 'failed' ? (
        <Alert isAnnounced={false} testId="license-list-failed">
          {t.loadFailed}
        </Alert>
      ) : list.licenses.length === 0 ? (
        <p className="cz-license__empty" data-testid="license-empty">
          {t.empty}
        </p>
      ) : (
        <ul className="cz-license__list" data-testid="license-list">
          {list.licenses.map((item) => (
            <li
              key={item.license}
              className="cz-license__item"
              data-testid="license-item"
              data-status={item.status}
            >
              <div className="cz-license__row">
                <code className="cz-license__code" title={item.license}>
                  {shorten(item.license)}
                </code>
                <span className={`cz-license__status cz-license__status--${item.status.toLowerCase()}`}>
                  {t.statuses[item.status]}
                </span>
              </div>
              <dl className="cz-license__times">
                <div>
                  <dt>{t.activeTime}</dt>
                  <dd>{formatDateTime(item.activeTime)}</dd>
                </div>
                <div>
                  <dt>{t.expireTime}</dt>
                  <dd>{formatDateTime(item.expireTime)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
