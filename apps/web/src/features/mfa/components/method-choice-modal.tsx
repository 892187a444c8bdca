import type { TMfaMethodType } from '@console/contract';
import { maskEmail, maskPhone } from '@console/contract/contact-rules';
import { Button, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/get-current-user';
import { LineIcon } from '@/components/ui/line-icon';
import { useNotConfigured } from '@/lib/use-not-configured';
import { HelpLink } from './help-link';

export type TCodeMethod = Exclude<TMfaMethodType, 'GA'>;

/**
 * Domestic edition: where the sign-in codes go (phone or e-mail). The choice is then proven with a
 * code sent there (the verification dialog), which turns login protection on. A channel this
 * installation cannot send by (production without SMS or SMTP) is offered disabled, with the
 * reason written under it (no tooltip: a phone cannot hover).
 */
export function MethodChoiceModal({
  isOpen,
  onClose,
  onContinue,
}: {
  isOpen: boolean;
  onClose: () => void;
  onContinue: (method: TCodeMethod) => void;
}) {
  const { t } = useTranslation(['mfa', 'common']);
  const user = useCurrentUser().data;
  const phone = user?.phone ?? null;
  const email = user?.email ?? null;
  // None while no channel can be chosen (nothing drawn as chosen that cannot be).
  const [method, setMethod] = useState<TCodeMethod | null>('PHONE');
  const unavailable: Record<TCodeMethod, string | null> = {
    PHONE: useNotConfigured('sms'),
    EMAIL: useNotConfigured('email'),
  };

  const options: {
    value: TCodeMethod;
    target: string | null;
    icon: 'phone' | 'mail';
    /** Why it cannot be chosen (not configured here), written under it. */
    reason: string | null;
    isDisabled: boolean;
  }[] = [
    {
      value: 'PHONE',
      target: phone ? maskPhone(phone) : null,
      icon: 'phone',
      reason: unavailable.PHONE,
      isDisabled: !phone || unavailable.PHONE !== null,
    },
    {
      // Without an address the verification dialog binds one first.
      value: 'EMAIL',
      target: email ? maskEmail(email) : null,
      icon: 'mail',
      reason: unavailable.EMAIL,
      isDisabled: unavailable.EMAIL !== null,
    },
  ];
  const firstOpen = options.find((option) => !option.isDisabled)?.value ?? null;
  const isChosenOpen = options.some((option) => option.value === method && !option.isDisabled);

  // Each opening (and the user's addresses, once loaded) starts on the first channel that can be chosen.
  useEffect(() => {
    if (isOpen) setMethod(firstOpen);
  }, [isOpen, firstOpen]);

  return (
    <Modal
      open={isOpen}
      title={t('protection.setupTitle')}
      onCancel={onClose}
      width={480}
      destroyOnHidden
      footer={
        <div className="cz-mfa-footer">
          <HelpLink />
          <span className="cz-mfa-footer__actions">
            <Button onClick={onClose}>{t('cancel', { ns: 'common' })}</Button>
            <Button
              type="primary"
              onClick={() => {
                if (method) onContinue(method);
              }}
              disabled={!isChosenOpen}
              data-testid="mfa-continue"
            >
              {t('protection.continue')}
            </Button>
          </span>
        </div>
      }
    >
      <div className="cz-mfa-methods" data-testid="mfa-method-dialog">
        <p className="cz-mfa-methods__text">{t('protection.description')}</p>
        <div className="cz-mfa-methods__label">{t('protection.chooseMethod')}</div>
        <Radio.Group
          value={method}
          onChange={(e) => setMethod(e.target.value as TCodeMethod)}
          className="cz-mfa-methods__group"
        >
          {options.map((option) => (
            <Radio
              key={option.value}
              value={option.value}
              disabled={option.isDisabled}
              className="cz-mfa-methods__option"
              data-testid={`mfa-method-${option.value}`}
            >
              <span className="cz-mfa-methods__icon">
                <LineIcon name={option.icon} size={18} />
              </span>
              <span className="cz-mfa-methods__body">
                <span className="cz-mfa-methods__name">{t(`protection.methods.${option.value}`)}</span>
                <span className="cz-mfa-methods__target">{option.target ?? t('protection.notBound')}</span>
                {option.reason ? (
                  <span
                    className="cz-mfa-methods__reason"
                    data-testid={`mfa-method-${option.value}-unavailable`}
                  >
                    {option.reason}
                  </span>
                ) : null}
              </span>
            </Radio>
          ))}
        </Radio.Group>
      </div>
    </Modal>
  );
}
