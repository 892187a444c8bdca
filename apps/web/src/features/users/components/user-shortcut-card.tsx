import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConsoleIcon } from '@/components/ui/console-icon';
import { paths } from '@/config/paths';
import { useUserList } from '../api/users-api';
import '../users.css';

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
      icon={<ConsoleIcon name="team" />}
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
