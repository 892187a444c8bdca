import { ArrowLeftOutlined, ClockCircleOutlined } from '@ant-design/icons';
import type { TAuthVo } from '@console/contract';
import { AccountType } from '@console/contract/enums';
import { Button, Layout, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccountDetail } from '@/api/get-account-detail';
import type { TConsoleRoute } from '@/config/console-routes';
import { paths } from '@/config/paths';
import { LazyUpgradeDialog } from '@/features/account/components/lazy-upgrade-dialog';
import { trialAction, trialLabel } from './trial';

function TrialInfo({ auths }: { auths: readonly TAuthVo[] }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const detail = useAccountDetail();
  const account = detail.data;
  const [isUpgradeOpen, setIsUpgradeOpen] = useState(false);
  if (!account || account.accountVo.type !== AccountType.trial) return null;
  const label = trialLabel(account.remainingTrialDays);
  const action = trialAction({
    accountType: account.accountVo.type,
    accountStatus: account.accountVo.status,
    formalApplicationSubmitted: account.formalApplicationSubmitted,
    auths,
  });
  return (
    <div className="cz-trial" data-testid="trial">
      <Tag icon={<ClockCircleOutlined />} color="gold" className="cz-trial__tag" data-testid="trial-days">
        {label.key === 'daysLeft' ? t('trial.daysLeft', { days: label.days }) : t(`trial.${label.key}`)}
      </Tag>
      {action ? (
        <Button
          type="primary"
          size="small"
          disabled={action.isDisabled}
          data-testid="trial-action"
          data-kind={action.kind}
          onClick={() => (action.kind === 'topUp' ? navigate(paths.topUp) : setIsUpgradeOpen(true))}
        >
          {action.isDisabled ? t('trial.applicationInProgress') : t(`trial.${action.kind}`)}
        </Button>
      ) : null}
      {isUpgradeOpen ? <LazyUpgradeDialog onClose={() => setIsUpgradeOpen(false)} /> : null}
    </div>
  );
}

/** The console header: the route's title, a back arrow where the route has one, the trial banner. */
export function ShellHeader({ route, auths }: { route: TConsoleRoute; auths: readonly TAuthVo[] }) {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const back = route.back;
  return (
    <Layout.Header className="cz-header">
      <div className="cz-header__title">
        {back ? (
          <Tooltip title={t('back', { ns: 'common' })}>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={t('back', { ns: 'common' })}
              data-testid="header-back"
              onClick={() => navigate(paths[back])}
            />
          </Tooltip>
        ) : null}
        <h1 data-testid="page-title">{t(`titles.${route.id}`)}</h1>
      </div>
      <TrialInfo auths={auths} />
    </Layout.Header>
  );
}
