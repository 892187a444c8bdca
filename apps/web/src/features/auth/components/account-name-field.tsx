import { type Ref, useCallback, useRef, useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { TextField } from '@/components/ui/text-field';
import { moveFocus, useDismiss } from '@/components/ui/use-dismiss';
import { interpolate } from '@/lib/phrases';

export type TAccountNameFieldProps = {
  value: string;
  onValueChange: (value: string) => void;
  onBlur: () => void;
  error: string | null;
  recent: readonly string[];
  onRemoveRecent: (name: string) => void;
  texts: { label: string; placeholder: string; recentAccounts: string; removeRecent: string };
  isReadOnly?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/** The account name field, with the recent-accounts list of the login page. */
export function AccountNameField({
  value,
  onValueChange,
  onBlur,
  error,
  recent,
  onRemoveRecent,
  texts,
  isReadOnly = false,
  ref,
}: TAccountNameFieldProps) {
  const [isOpen, setIsOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const close = useCallback(() => setIsOpen(false), []);
  useDismiss(root, isOpen, close, toggle);
  const hasRecent = recent.length > 0 && !isReadOnly;

  const open = (focusFirst: boolean) => {
    setIsOpen(true);
    if (focusFirst)
      requestAnimationFrame(() => list.current?.querySelector<HTMLElement>('.cz-recent__pick')?.focus());
  };

  const pick = (name: string) => {
    onValueChange(name);
    close();
    const input = root.current?.querySelector('input');
    input?.focus();
  };

  return (
    <div ref={root} className="cz-recent">
      <TextField
        ref={ref}
        id="login-account"
        name="accountDisplayName"
        label={texts.label}
        placeholder={texts.placeholder}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={value}
        readOnly={isReadOnly}
        onValueChange={onValueChange}
        onBlur={onBlur}
        error={error}
        data-testid="login-account"
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && hasRecent) {
            e.preventDefault();
            open(true);
          }
        }}
        suffix={
          hasRecent ? (
            <button
              ref={toggle}
              type="button"
              className="cz-icon-btn"
              aria-label={texts.recentAccounts}
              aria-haspopup="true"
              aria-expanded={isOpen}
              aria-controls="login-recent-list"
              data-testid="login-recent-toggle"
              onClick={() => (isOpen ? close() : open(false))}
            >
              <Icon name="history" />
            </button>
          ) : null
        }
        after={
          isOpen && hasRecent ? (
            <div className="cz-menu cz-recent__panel">
              <div className="cz-recent__title" id="login-recent-title">
                {texts.recentAccounts}
              </div>
              <ul
                ref={list}
                id="login-recent-list"
                className="cz-recent__list"
                aria-labelledby="login-recent-title"
                data-testid="login-recent-list"
                onKeyDown={(e) => moveFocus(list.current, e, '.cz-recent__pick')}
              >
                {recent.map((name) => (
                  <li key={name} className="cz-recent__item">
                    <button
                      type="button"
                      className="cz-menu__item cz-recent__pick"
                      data-testid="login-recent-option"
                      data-account={name}
                      onClick={() => pick(name)}
                    >
                      {name}
                    </button>
                    <button
                      type="button"
                      className="cz-icon-btn cz-recent__remove"
                      aria-label={interpolate(texts.removeRecent, { name })}
                      data-testid="login-recent-remove"
                      data-account={name}
                      onClick={() => {
                        onRemoveRecent(name);
                        if (recent.length <= 1) close();
                      }}
                    >
                      <Icon name="x" size={16} />
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null
        }
      />
    </div>
  );
}
