/**
 * /dev/outbox (development mode only, API-CONVENTIONS "Development outbox"): every e-mail and SMS
 * the server sent, newest first, filtered by recipient, with the code of each message highlighted.
 */
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { BrandMark } from '@/components/brand-mark';
import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { LineIcon } from '@/components/ui/line-icon';
import { TextField } from '@/components/ui/text-field';
import { formatDateTime } from '@/lib/format';
import { navigate } from '@/lib/history';
import { getPhrases, interpolate } from '@/lib/phrases';
import { getOutbox, type TOutboxMessage } from '../api/get-outbox';
import '../dev-outbox.css';

function filterFromUrl(): string {
  return new URLSearchParams(window.location.search).get('to') ?? '';
}

export default function DevOutboxPage() {
  const t = getPhrases('outbox');
  const c = getPhrases('common');
  const [draft, setDraft] = useState(filterFromUrl);
  const [filter, setFilter] = useState(filterFromUrl);
  const [messages, setMessages] = useState<TOutboxMessage[] | null>(null);
  const [hasFailed, setHasFailed] = useState(false);
  const [isLoading, setIsLoading] = useState(false);

  useEffect(() => {
    document.title = `${t.pageTitle} · ${c.productName}`;
  }, [t.pageTitle, c.productName]);

  const load = useCallback((to: string) => {
    setIsLoading(true);
    setHasFailed(false);
    getOutbox(to).then(
      (outbox) => {
        setMessages(outbox.list);
        setIsLoading(false);
      },
      () => {
        setHasFailed(true);
        setIsLoading(false);
      },
    );
  }, []);

  useEffect(() => load(filter), [filter, load]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const to = draft.trim();
    navigate(to ? `?to=${encodeURIComponent(to)}` : window.location.pathname, { replace: true });
    if (to === filter) load(to);
    else setFilter(to);
  };

  return (
    <div className="cz-outbox" data-testid="outbox-page">
      <header className="cz-outbox__header">
        <div className="cz-outbox__brand">
          <span className="cz-outbox__mark">
            <BrandMark size={22} />
          </span>
          <span>{c.productName}</span>
          <span className="cz-outbox__badge">DEV</span>
        </div>
      </header>
      <main className="cz-outbox__main">
        <h1 className="cz-outbox__title">{t.title}</h1>
        <p className="cz-outbox__subtitle">{t.subtitle}</p>

        <form className="cz-outbox__toolbar" onSubmit={apply}>
          <TextField
            id="outbox-to"
            label={t.filter}
            placeholder={t.filterPlaceholder}
            value={draft}
            onValueChange={setDraft}
            autoComplete="off"
            spellCheck={false}
            data-testid="outbox-filter"
          />
          <Button type="submit" variant="primary" data-testid="outbox-search">
            {t.search}
          </Button>
          <Button onClick={() => load(filter)} isLoading={isLoading} data-testid="outbox-refresh">
            <LineIcon name="refresh" size={15} />
            {t.refresh}
          </Button>
        </form>

        {hasFailed ? (
          <div className="cz-alert cz-alert--error" role="alert" data-testid="outbox-error">
            {t.loadFailed}
          </div>
        ) : messages === null ? (
          <div className="cz-outbox__empty">
            <span className="cz-spinner" aria-hidden="true" />
          </div>
        ) : messages.length === 0 ? (
          <div className="cz-outbox__empty" data-testid="outbox-empty">
            <LineIcon name="mail" size={28} />
            {t.empty}
          </div>
        ) : (
          <>
            <p className="cz-outbox__count" data-testid="outbox-count">
              {interpolate(t.count, { count: messages.length })}
            </p>
            <ol className="cz-outbox__list">
              {messages.map((m) => (
                <li
                  key={`${m.createdAt}|${m.channel}|${m.to}|${m.code ?? ''}`}
                  className="cz-outbox__item"
                  data-testid="outbox-item"
                  data-channel={m.channel}
                >
                  <div className="cz-outbox__meta">
                    <span className={`cz-outbox__channel cz-outbox__channel--${m.channel}`}>
                      <LineIcon name={m.channel === 'sms' ? 'phone' : 'mail'} size={14} />
                      {t.channel[m.channel]}
                    </span>
                    <span className="cz-outbox__to" data-testid="outbox-to">
                      {m.to}
                    </span>
                    <time className="cz-outbox__time" dateTime={m.createdAt}>
                      {formatDateTime(m.createdAt)}
                    </time>
                  </div>
                  <div className="cz-outbox__body">
                    <div className="cz-outbox__content">
                      {m.subject ? <div className="cz-outbox__subject">{m.subject}</div> : null}
                      <p className="cz-outbox__text">{m.text}</p>
                    </div>
                    {m.code ? (
                      <div className="cz-outbox__code-box">
                        <span className="cz-outbox__code-label">{t.code}</span>
                        <strong className="cz-outbox__code" data-testid="outbox-code">
                          {m.code}
                        </strong>
                        <CopyButton
                          text={m.code}
                          texts={{ copy: c.copy, copied: c.copied }}
                          testId="outbox-code-copy"
                        />
                      </div>
                    ) : null}
                  </div>
                </li>
              ))}
            </ol>
          </>
        )}
      </main>
    </div>
  );
}
