import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useUserList } from '../api/users-api';
import '../users.css';

/** Two people: the title icon of the user management shortcut. */
function TeamIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75" />
    </svg>
  );
}

/** A count with its thousands grouped ("1,234"). */
const formatCount = (n: number) => n.toLocaleString('en-US');

/**
 * The workbench's user management shortcut, for account administrators (the user list is theirs
 * only): how many users and service users the account has, and a way to the user list.
 */
export function UserShortcutCard() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const regular = useUserList({ pageNo: 1, pageSize: 1, kind: 'regular' });
  const service = useUserList({ pageNo: 1, pageSize: 1, kind: 'service' });
  return (
    <Card
      testId="workbench-users"
      icon={<TeamIcon />}
      title={t('shortcut.title')}
      extra={
        <Button
          variant="link"
          onClick={() => navigate(paths.userManage)}
          data-testid="workbench-users-manage"
        >
          {t('shortcut.manage')}
        </Button>
      }
      isLoading={!regular.data || !service.data}
      skeletonRows={1}
    >
      {regular.data && service.data ? (
        <dl className="cz-users-card__stats">
          <div className="cz-users-card__stat">
            <dt className="cz-users-card__label">{t('shortcut.users')}</dt>
            <dd className="cz-users-card__value">
              <span data-testid="workbench-users-count">{formatCount(regular.data.total)}</span>
            </dd>
          </div>
          <div className="cz-users-card__stat">
            <dt className="cz-users-card__label">{t('shortcut.serviceUsers')}</dt>
            <dd className="cz-users-card__value">{formatCount(service.data.total)}</dd>
          </div>
        </dl>
      ) : null}
    </Card>
  );
}
