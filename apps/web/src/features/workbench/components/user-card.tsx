import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/get-current-user';
import { Tag } from '@/components/ui/tag';
import { formatDateTime } from '@/lib/format';
import { DetailsCard } from './details-card';

/** The signed-in user: names, role, last login time and address. */
export function UserCard() {
  const { t } = useTranslation('shell');
  const { data, isPending } = useCurrentUser();
  return (
    <DetailsCard
      title={t('workbench.signedInAs')}
      testId="workbench-user"
      items={
        isPending || !data
          ? null
          : [
              {
                key: 'name',
                label: t('user.username'),
                children: <span data-testid="user-card-name">{data.name}</span>,
              },
              { key: 'displayName', label: t('workbench.displayName'), children: data.displayName },
              {
                key: 'role',
                label: t('workbench.role'),
                children: data.isAccountAdmin ? (
                  <Tag color="blue" data-testid="user-role" data-role="admin">
                    {t('workbench.administrator')}
                  </Tag>
                ) : (
                  <Tag data-testid="user-role" data-role="member">
                    {t('workbench.member')}
                  </Tag>
                ),
              },
              {
                key: 'lastLogin',
                label: t('workbench.lastLogin'),
                children: data.lastLoginTime ? formatDateTime(data.lastLoginTime) : t('workbench.never'),
              },
              { key: 'lastLoginIp', label: t('workbench.lastLoginIp'), children: data.lastLoginIp ?? '-' },
            ]
      }
    />
  );
}
