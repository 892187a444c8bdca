import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/get-current-user';
import { AccountCard } from '../components/account-card';
import { UserCard } from '../components/user-card';
import '../workbench.css';

export type TWorkbenchPageProps = {
  /** Cards of other features (e.g. login protection), composed by the app's route. */
  cards?: readonly { key: string; node: ReactNode }[];
};

/**
 * /workbench, the account home: a welcome line and a grid of cards, one column on narrow windows
 * and two from 1200 px on. The account and user cards come first, then the cards of other
 * features (services, consumption, billing, users, login protection).
 */
export default function WorkbenchPage({ cards = [] }: TWorkbenchPageProps) {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const name = user.data ? user.data.displayName || user.data.name : '';
  return (
    <div className="cz-workbench" data-testid="workbench">
      <section className="cz-workbench__welcome">
        <h2 className="cz-workbench__hello">{t('workbench.welcome', { name })}</h2>
        <span className="cz-workbench__account">{user.data?.accountDisplayName}</span>
      </section>
      <div className="cz-workbench__grid">
        <div className="cz-workbench__cell">
          <AccountCard />
        </div>
        <div className="cz-workbench__cell">
          <UserCard />
        </div>
        {cards.map((card) => (
          <div className="cz-workbench__cell" key={card.key}>
            {card.node}
          </div>
        ))}
      </div>
    </div>
  );
}
