/**
 * The account info's real-name verification card (spec sections 3 and 4, administrators): the
 * latest verification's type and status (verifying, passed, failed) and the way to the page.
 */
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/api/get-current-user';
import { paths } from '@/config/paths';
import { useCertificationStatus } from '../api/get-certification-status';
import '../certification.css';

const statusColors = { verifying: 'processing', passed: 'success', failed: 'error' } as const;

export function CertificationCard() {
  const { t } = useTranslation('certification');
  const navigate = useNavigate();
  const isAdmin = useCurrentUser().data?.isAccountAdmin === true;
  const state = useCertificationStatus(isAdmin);
  if (!isAdmin) return null;
  const latest = state.data?.certification ?? null;
  return (
    <Card
      title={
        <span>
          <SafetyCertificateOutlined /> {t('card.title')}
        </span>
      }
      className="cz-account-card"
      data-testid="certification-card"
      extra={
        <Button
          type="link"
          onClick={() => navigate(paths.authentication)}
          data-testid="certification-card-link"
        >
          {latest?.status === 'passed' || latest?.status === 'verifying' ? t('card.view') : t('card.verify')}
        </Button>
      }
    >
      {state.isPending ? (
        // One line, as tall as the "not verified" tag: an account that has never verified, the
        // usual visitor of this page, sees nothing move when the status arrives.
        <Skeleton.Input active size="small" className="cz-cert__placeholder" />
      ) : latest ? (
        <dl className="cz-cert__facts">
          <dt>{t('page.chooseType')}</dt>
          <dd>{t(`types.${latest.type}`)}</dd>
          <dt>{t('page.status')}</dt>
          <dd>
            <Tag
              color={statusColors[latest.status]}
              data-testid="certification-card-status"
              data-status={latest.status}
            >
              {t(`statuses.${latest.status}`)}
            </Tag>
          </dd>
          <dt>{latest.type === 'personal' ? t('fields.name') : t('fields.companyName')}</dt>
          <dd>{latest.type === 'personal' ? latest.personName : latest.companyName}</dd>
        </dl>
      ) : (
        <div className="cz-cert__none">
          <Tag data-testid="certification-card-status" data-status="none">
            {t('card.none')}
          </Tag>
        </div>
      )}
    </Card>
  );
}
