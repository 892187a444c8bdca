import { useTranslation } from 'react-i18next';
import type { TMfaStatus } from '@/api/get-mfa-status';
import { FactList } from '@/components/ui/card';
import { Tag } from '@/components/ui/tag';

/** Status, method and where codes go: the facts of the card and of the dialog's overview. */
export function MfaSummary({ state }: { state: TMfaStatus }) {
  const { t } = useTranslation('mfa');
  const method = state.enable ? state.mfaMethodType : null;
  const target = method === 'PHONE' ? state.phone : method === 'EMAIL' ? state.email : null;
  const items = [
    {
      key: 'status',
      label: t('protection.status'),
      children: (
        <span className="cz-mfa-status">
          <Tag
            color={state.enable ? 'success' : 'default'}
            data-testid="mfa-status"
            data-enabled={state.enable}
          >
            {state.enable ? t('protection.on') : t('protection.off')}
          </Tag>
          {state.accountRequired ? (
            <Tag color="warning" data-testid="mfa-required-tag">
              {t('protection.required')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    ...(method
      ? [
          {
            key: 'method',
            label: t('protection.method'),
            children: (
              <span data-testid="mfa-method" data-method={method}>
                {t(`protection.methods.${method}`)}
              </span>
            ),
          },
        ]
      : []),
    ...(target
      ? [
          {
            key: 'target',
            label: t('protection.target'),
            children: <span data-testid="mfa-target">{target}</span>,
          },
        ]
      : []),
  ];
  return <FactList items={items} labelWidth={132} />;
}
