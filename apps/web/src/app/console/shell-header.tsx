import type { TAuthVo } from '@console/contract';
import { AccountType } from '@console/contract/enums';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccountDetail } from '@/api/get-account-detail';
import { Button } from '@/components/ui/button';
import { ConsoleIcon } from '@/components/ui/console-icon';
import { Tag } from '@/components/ui/tag';
import { Tooltip } from '@/components/ui/tooltip';
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
      <Tag
        icon={<ConsoleIcon name="clock" size={14} />}
        color="gold"
        className="cz-trial__tag"
        data-testid="trial-days"
      >
        {label.key === 'daysLeft' ? t('trial.daysLeft', { days: label.days }) : t(`trial.${label.key}`)}
      </Tag>
      {action ? (
        <Button
          variant="primary"
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

export type TShellHeaderProps = {
  route: TConsoleRoute;
  auths: readonly TAuthVo[];
  /** Narrow windows: the button that opens the menu drawer. */
  onOpenMenu?: (() => void) | undefined;
};

/**
 * The console header: the route's title, a back arrow where the route has one, the trial banner.
 * In narrow windows it starts with the menu button and wraps: the trial banner goes under the
 * title rather than pushing it out. A route drawn without the header gets, in narrow windows, a
 * bar with the menu button and the product name only.
 */
export function ShellHeader({ route, auths, onOpenMenu }: TShellHeaderProps) {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const back = route.back;
  const menuButton = onOpenMenu ? (
    <button
      type="button"
      className="cz-header__icon-button cz-header__menu"
      aria-label={t('openMenu')}
      aria-haspopup="dialog"
      data-testid="open-menu"
      onClick={onOpenMenu}
    >
      <ConsoleIcon name="menu" size={18} />
    </button>
  ) : null;
  if (!route.hasHeader) {
    return (
      <header className="cz-header cz-header--bar">
        <div className="cz-header__title">
          {menuButton}
          <span className="cz-header__product">{t('productName', { ns: 'common' })}</span>
        </div>
      </header>
    );
  }
  return (
    <header className="cz-header">
      <div className="cz-header__title">
        {menuButton}
        {back ? (
          <Tooltip title={t('back', { ns: 'common' })} placement="bottom">
            <button
              type="button"
              className="cz-header__icon-button"
              aria-label={t('back', { ns: 'common' })}
              data-testid="header-back"
              onClick={() => navigate(paths[back])}
            >
              <ConsoleIcon name="arrowLeft" size={18} />
            </button>
          </Tooltip>
        ) : null}
        <h1 data-testid="page-title">{t(`titles.${route.id}`)}</h1>
      </div>
      <TrialInfo auths={auths} />
    </header>
  );
}
