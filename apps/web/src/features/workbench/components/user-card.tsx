import { Card, Descriptions, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/get-current-user';
import { formatDateTime } from '@/lib/format';

/** The signed-in user: names, role, last login time and address. */
export function UserCard() {
  const { t } = useTranslation('shell');
  const { data, isPending } = useCurrentUser();
  return (
    <Card title={t('workbench.signedInAs')} className="cz-card" data-testid="workbench-user">
      {isPending || !data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Descriptions
          column={1}
          size="small"
          colon={false}
          styles={{ label: { width: 132 } }}
          items={[
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
          ]}
        />
      )}
    </Card>
  );
}
