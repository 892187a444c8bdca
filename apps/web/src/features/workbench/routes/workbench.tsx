import { Col, Row, Typography } from 'antd';
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
 * /workbench, the account home: a grid of cards. Later issues add service, consumption and
 * billing cards as further columns of the grid.
 */
export default function WorkbenchPage({ cards = [] }: TWorkbenchPageProps) {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const name = user.data ? user.data.displayName || user.data.name : '';
  return (
    <div className="cz-workbench" data-testid="workbench">
      <section className="cz-workbench__welcome">
        <Typography.Title level={3} className="cz-workbench__hello">
          {t('workbench.welcome', { name })}
        </Typography.Title>
        <Typography.Text type="secondary">{user.data?.accountDisplayName}</Typography.Text>
      </section>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <AccountCard />
        </Col>
        <Col xs={24} xl={12}>
          <UserCard />
        </Col>
        {cards.map((card) => (
          <Col xs={24} xl={12} key={card.key}>
            {card.node}
          </Col>
        ))}
      </Row>
    </div>
  );
}
